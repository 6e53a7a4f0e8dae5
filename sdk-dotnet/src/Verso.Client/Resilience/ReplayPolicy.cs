namespace Verso.Client.Resilience;

/// <summary>Which requests may be sent more than once.</summary>
/// <remarks>
/// The spec allows replays only for GET, HEAD and OPTIONS, and never for writes, uploads or caller-owned streams,
/// even with If-Match or an idempotency key: a write whose response was lost may have been applied, and a
/// stream may already be partly consumed. An in-memory body (ByteArrayContent and its subclasses such as
/// StringContent) can be rebuilt identically for every attempt; any other content type is sent at most once.
/// </remarks>
internal static class ReplayPolicy
{
    public static bool IsSafeMethod(HttpMethod method) =>
        method == HttpMethod.Get || method == HttpMethod.Head || method == HttpMethod.Options;

    public static bool CanReplay(HttpRequestMessage request) =>
        IsSafeMethod(request.Method) && (request.Content is null || request.Content is ByteArrayContent);
}
