using System.Collections.Concurrent;

namespace Verso.Client.Tests.Support;

/// <summary>
/// Counts the content reads (GETs under <c>/content</c>: by slug, by id and the list) that reach the network, so a
/// real-server test tells a read served from the SDK's cache from one that went to the API.
/// </summary>
public sealed class ContentReadCounter() : DelegatingHandler(new SocketsHttpHandler())
{
    /// <summary>Each read's path and query, in the order sent.</summary>
    public ConcurrentQueue<string> Reads { get; } = new();

    /// <summary>The by-slug reads among them.</summary>
    public IReadOnlyList<string> BySlug => [.. Reads.Where(r => r.Contains("/content/by-slug/", StringComparison.Ordinal))];

    /// <inheritdoc />
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        if (request.Method == HttpMethod.Get && request.RequestUri!.AbsolutePath.Contains("/content", StringComparison.Ordinal)) Reads.Enqueue(request.RequestUri.PathAndQuery);
        return base.SendAsync(request, cancellationToken);
    }
}
