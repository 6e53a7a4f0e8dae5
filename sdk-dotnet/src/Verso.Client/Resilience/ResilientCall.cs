using Polly;

namespace Verso.Client.Resilience;

/// <summary>
/// One call's state while it runs through a <see cref="VersoResiliencePipeline"/>: what the strategies need to know
/// about it (the caller's token, whether it may be replayed, its deadline, the attempts so far) and the attempt itself.
/// </summary>
/// <remarks>Attempts of one call never overlap, so the fields need no locking.</remarks>
internal abstract class ResilientCall
{
    private DateTimeOffset? _deadline;
    private int _timedOut;

    protected ResilientCall(CancellationToken callerToken, bool replayable, int maxAttempts, string methodName)
    {
        CallerToken = callerToken;
        MaxAttempts = replayable ? maxAttempts : 1;
        MethodName = methodName;
    }

    /// <summary>The caller's cancellation: never retried, never counted by the circuit.</summary>
    public CancellationToken CallerToken { get; }

    /// <summary>Attempts this call may make: 1 unless the request is replayable.</summary>
    public int MaxAttempts { get; }

    /// <summary>The HTTP method as telemetry names it.</summary>
    public string MethodName { get; }

    /// <summary>Attempts started so far.</summary>
    public int AttemptCount { get; protected set; }

    /// <summary>The wait the retry predicate chose for the next attempt (read by the delay generator).</summary>
    public TimeSpan NextDelay { get; set; }

    /// <summary>The failure category of the last attempt, as the retry predicate classified it.</summary>
    public VersoFailureCategory? LastCategory { get; set; }

    /// <summary>True once the whole-call timeout was reported.</summary>
    public bool TimedOut => Volatile.Read(ref _timedOut) == 1;

    public void Start(DateTimeOffset now, TimeSpan budget) =>
        _deadline = budget == Timeout.InfiniteTimeSpan ? null : now + budget;

    public bool DeadlinePassed(DateTimeOffset now) => _deadline is { } at && now >= at;

    /// <summary>Time left of the whole-call budget, or null when there is none.</summary>
    public TimeSpan? Remaining(DateTimeOffset now) => _deadline is { } at ? at - now : null;

    /// <summary>True the first time only, so the timeout is reported once.</summary>
    public bool MarkTimedOut() => Interlocked.Exchange(ref _timedOut, 1) == 0;

    /// <summary>An exception of the caller's own code (token provider, observer): never retried, never counted.</summary>
    public abstract bool IsCallersOwnFailure(Exception failure);

    /// <summary>Sends one attempt; failures are returned as outcomes, not thrown.</summary>
    public abstract ValueTask<Outcome<HttpResponseMessage>> AttemptAsync(ResilienceContext context);
}

/// <summary>A response that arrived after the deadline: it was observed, then discarded. A cancellation, so the
/// whole-call timeout strategy turns it into its timeout.</summary>
internal sealed class LateResponseDiscardedException : OperationCanceledException
{
    public LateResponseDiscardedException()
        : base("The response arrived after the call's deadline; it was observed and discarded.")
    {
    }
}
