using System.Collections.Frozen;

namespace Verso.Client.Resilience;

/// <summary>
/// How a <see cref="VersoClient"/> retries, times out and breaks the circuit. The client copies these values when
/// it is built; changing an options instance afterwards changes nothing (the spec fixes the configuration at
/// construction).
/// </summary>
public sealed record VersoResilienceOptions
{
    /// <summary>The statuses the spec names as transient: 408, 429, 500, 502, 503 and 504.</summary>
    public static IReadOnlySet<int> DefaultRetryableStatusCodes { get; } = new[] { 408, 429, 500, 502, 503, 504 }.ToFrozenSet();

    /// <summary>Attempts per call including the first; 1 disables retries (the deadline still applies).</summary>
    public int MaxAttempts { get; init; } = 3;

    /// <summary>Budget for the whole call: every attempt and every wait. <see cref="Timeout.InfiniteTimeSpan"/> = none.</summary>
    public TimeSpan TotalTimeout { get; init; } = TimeSpan.FromSeconds(100);

    /// <summary>Budget for one attempt (until response headers arrive); an attempt that exceeds it is a transient failure.</summary>
    public TimeSpan AttemptTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>First backoff step; attempt n waits about BaseDelay × 2^(n-1), jittered.</summary>
    public TimeSpan BaseDelay { get; init; } = TimeSpan.FromMilliseconds(200);

    /// <summary>Upper bound of any single wait, including a server's Retry-After.</summary>
    public TimeSpan MaxDelay { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>Statuses retried for GET, HEAD and OPTIONS.</summary>
    public IReadOnlySet<int> RetryableStatusCodes { get; init; } = DefaultRetryableStatusCodes;

    /// <summary>Consecutive transient failures (across calls of one client) that open the circuit; 0 disables it.</summary>
    public int CircuitFailureThreshold { get; init; } = 5;

    /// <summary>How long an open circuit rejects calls before it lets one probe through (half-open).</summary>
    public TimeSpan CircuitBreakDuration { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>Clock and timers for deadlines, waits, Retry-After dates and the circuit; replaceable in tests.</summary>
    public TimeProvider TimeProvider { get; init; } = TimeProvider.System;

    internal void Validate()
    {
        if (MaxAttempts < 1) throw new ArgumentOutOfRangeException(nameof(MaxAttempts), "At least one attempt is needed.");
        RequirePositiveOrInfinite(TotalTimeout, nameof(TotalTimeout));
        RequirePositiveOrInfinite(AttemptTimeout, nameof(AttemptTimeout));
        if (BaseDelay < TimeSpan.Zero) throw new ArgumentOutOfRangeException(nameof(BaseDelay));
        if (MaxDelay < TimeSpan.Zero) throw new ArgumentOutOfRangeException(nameof(MaxDelay));
        if (CircuitFailureThreshold < 0) throw new ArgumentOutOfRangeException(nameof(CircuitFailureThreshold));
        if (CircuitBreakDuration < TimeSpan.Zero) throw new ArgumentOutOfRangeException(nameof(CircuitBreakDuration));
        ArgumentNullException.ThrowIfNull(RetryableStatusCodes);
        ArgumentNullException.ThrowIfNull(TimeProvider);
    }

    /// <summary>A frozen copy: the status set is copied so a caller's mutable set cannot change it later.</summary>
    internal VersoResilienceOptions Freeze() => this with { RetryableStatusCodes = RetryableStatusCodes.ToFrozenSet() };

    private static void RequirePositiveOrInfinite(TimeSpan value, string name)
    {
        if (value != Timeout.InfiniteTimeSpan && value <= TimeSpan.Zero)
            throw new ArgumentOutOfRangeException(name, "Must be positive or Timeout.InfiniteTimeSpan.");
    }
}
