using Verso.Client.Resilience;

namespace Verso.Client.Concurrency;

/// <summary>
/// Records the ETag of each successful final response and sends the tracked tag as If-Match on the next write to the
/// same URL. It sits outside the retry handler, so a read that was retried records only the tag of the response it
/// returned, never one from a discarded attempt.
/// </summary>
/// <remarks>GET, HEAD and OPTIONS never get an If-Match added. A tag the caller set (the generated <c>ifMatch</c>
/// argument) always wins. A successful DELETE forgets the tag: the resource is gone.</remarks>
internal sealed class ETagTrackingHandler : DelegatingHandler
{
    private readonly ETagStore _store;

    public ETagTrackingHandler(ETagStore store) => _store = store;

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var url = request.RequestUri!;
        if (!ReplayPolicy.IsSafeMethod(request.Method) && !request.Headers.Contains("If-Match") && _store.Get(url) is { } tracked)
            request.Headers.TryAddWithoutValidation("If-Match", tracked);

        var response = await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        if (!response.IsSuccessStatusCode) return response;

        if (request.Method == HttpMethod.Delete) _store.Remove(url);
        else if (response.Headers.ETag is { } etag) _store.Set(url, etag.ToString());
        else if (response.Headers.TryGetValues("ETag", out var raw)) _store.Set(url, raw.FirstOrDefault());
        return response;
    }
}
