using System.Collections.Concurrent;

namespace Verso.Client.Tests.Support;

/// <summary>What the transport saw of one attempt, captured when it arrived (the message is disposed afterwards).</summary>
public sealed record SeenRequest(
    int Index,
    HttpMethod Method,
    Uri Uri,
    string? Authorization,
    string? CorrelationId,
    string? IfMatch,
    string? Body,
    CancellationToken Token,
    string? IfNoneMatch = null);

public delegate Task<HttpResponseMessage> Reply(SeenRequest request, CancellationToken cancellationToken);

/// <summary>
/// The innermost handler in tests: records every attempt and answers with scripted replies, the n-th attempt getting
/// the n-th reply (the last one repeats).
/// </summary>
public sealed class StubTransport : HttpMessageHandler
{
    private readonly Reply[] _replies;
    private readonly ConcurrentQueue<SeenRequest> _seen = new();
    private readonly SemaphoreSlim _arrived = new(0);
    private int _count;

    public StubTransport(params Reply[] replies)
    {
        if (replies.Length == 0) throw new ArgumentException("At least one reply.", nameof(replies));
        _replies = replies;
    }

    public IReadOnlyList<SeenRequest> Requests => _seen.OrderBy(r => r.Index).ToList();

    public int Count => Volatile.Read(ref _count);

    /// <summary>Waits until at least <paramref name="count"/> attempts have arrived.</summary>
    public async Task WaitForAsync(int count, int timeoutMs = 5000)
    {
        var deadline = DateTime.UtcNow.AddMilliseconds(timeoutMs);
        while (Count < count)
        {
            var left = deadline - DateTime.UtcNow;
            if (left <= TimeSpan.Zero) throw new TimeoutException($"Expected {count} attempts, saw {Count}.");
            await _arrived.WaitAsync(left);
        }
    }

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var index = Interlocked.Increment(ref _count) - 1;
        var seen = new SeenRequest(
            index,
            request.Method,
            request.RequestUri!,
            Header(request, "Authorization"),
            Header(request, "X-Correlation-Id"),
            Header(request, "If-Match"),
            request.Content is null ? null : await request.Content.ReadAsStringAsync(CancellationToken.None),
            cancellationToken,
            Header(request, "If-None-Match"));
        _seen.Enqueue(seen);
        _arrived.Release();
        var response = await _replies[Math.Min(index, _replies.Length - 1)](seen, cancellationToken);
        response.RequestMessage ??= request;
        return response;
    }

    private static string? Header(HttpRequestMessage request, string name) =>
        request.Headers.TryGetValues(name, out var values) ? string.Join(",", values) : null;
}
