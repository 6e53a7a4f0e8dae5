namespace Verso.Client.Resilience;

/// <summary>The overall budget of one call (all attempts and waits), on the options' clock.</summary>
internal sealed class CallDeadline : IDisposable
{
    private readonly CancellationTokenSource _cts;
    private readonly DateTimeOffset? _expiresAt;
    private readonly TimeProvider _time;

    private CallDeadline(TimeSpan budget, TimeProvider time)
    {
        _time = time;
        if (budget == Timeout.InfiniteTimeSpan)
        {
            _cts = new CancellationTokenSource();
            return;
        }
        _expiresAt = time.GetUtcNow() + budget;
        _cts = new CancellationTokenSource(budget, time);
    }

    public static CallDeadline Start(TimeSpan budget, TimeProvider time) => new(budget, time);

    /// <summary>Cancelled when the budget runs out; aborts the in-flight attempt or wait.</summary>
    public CancellationToken Token => _cts.Token;

    public bool Expired => _cts.IsCancellationRequested || (_expiresAt is { } at && _time.GetUtcNow() >= at);

    public TimeSpan Remaining => _expiresAt is { } at ? at - _time.GetUtcNow() : TimeSpan.MaxValue;

    public void Dispose() => _cts.Dispose();
}
