using System.Net.Http.Headers;

namespace Verso.Client.Resilience;

/// <summary>
/// Builds the fresh HttpRequestMessage of each attempt from the caller's request: same method, URI, headers and
/// options, plus that attempt's bearer token and a new X-Correlation-Id.
/// </summary>
/// <remarks>A message cannot be sent twice, and reusing one would also reuse a stale token; the spec asks for a
/// fresh request per attempt. Authorization and X-Correlation-Id on the caller's request are replaced, never
/// merged, so every attempt carries exactly one of each.</remarks>
internal sealed class AttemptRequests
{
    private readonly HttpRequestMessage _original;
    private readonly byte[]? _bufferedBody;
    private readonly KeyValuePair<string, IEnumerable<string>>[] _contentHeaders;

    private AttemptRequests(HttpRequestMessage original, byte[]? bufferedBody)
    {
        _original = original;
        _bufferedBody = bufferedBody;
        _contentHeaders = original.Content?.Headers.ToArray() ?? [];
    }

    /// <summary>Prepares attempts of a request; a replayable body is read into memory once so each attempt gets its own copy.</summary>
    public static async Task<AttemptRequests> PrepareAsync(HttpRequestMessage original, bool replayable, CancellationToken cancellationToken)
    {
        byte[]? body = null;
        if (replayable && original.Content is not null)
            body = await original.Content.ReadAsByteArrayAsync(cancellationToken).ConfigureAwait(false);
        return new AttemptRequests(original, body);
    }

    public HttpRequestMessage Create(string? bearerToken, string correlationId)
    {
        var attempt = new HttpRequestMessage(_original.Method, _original.RequestUri)
        {
            Version = _original.Version,
            VersionPolicy = _original.VersionPolicy,
            Content = CreateContent(),
        };
        foreach (var header in _original.Headers)
        {
            if (IsHeader(header.Key, "Authorization") || IsHeader(header.Key, CorrelationIds.HeaderName)) continue;
            attempt.Headers.TryAddWithoutValidation(header.Key, header.Value);
        }
        var options = (IDictionary<string, object?>)attempt.Options;
        foreach (var option in _original.Options) options[option.Key] = option.Value;

        // Verbatim: a verso_<id>_<secret> token must reach the server exactly as given.
        if (!string.IsNullOrWhiteSpace(bearerToken))
            attempt.Headers.TryAddWithoutValidation("Authorization", "Bearer " + bearerToken);
        attempt.Headers.TryAddWithoutValidation(CorrelationIds.HeaderName, correlationId);
        return attempt;
    }

    /// <summary>Disposes an attempt without disposing a body it borrowed from the caller's request.</summary>
    public void Release(HttpRequestMessage attempt)
    {
        if (_bufferedBody is null) attempt.Content = null;
        attempt.Dispose();
    }

    private HttpContent? CreateContent()
    {
        // A non-replayable request has exactly one attempt, which borrows the caller's content as is.
        if (_bufferedBody is null) return _original.Content;
        var content = new ByteArrayContent(_bufferedBody);
        foreach (var header in _contentHeaders) content.Headers.TryAddWithoutValidation(header.Key, header.Value);
        return content;
    }

    private static bool IsHeader(string name, string expected) => string.Equals(name, expected, StringComparison.OrdinalIgnoreCase);
}
