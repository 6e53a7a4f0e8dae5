using System.Collections.Frozen;

namespace Verso.Client.Resilience;

/// <summary>
/// How a <see cref="VersoClient"/> retries, times out and breaks the circuit. A <see cref="VersoResiliencePipeline"/>
/// copies these values when it is built; changing an options instance afterwards changes nothing (the spec fixes the
/// configuration at construction).
/// </summary>
/// <remarks>Properties are init-only so a built pipeline can hand out its copy safely; configuration binding
/// (<c>AddVersoClient(section)</c>) sets them too.</remarks>
public sealed record VersoResilienceOptions
{
    /// <summary>The name telemetry reports when nothing else is set (DI uses the registration name instead).</summary>
    public const string DefaultPipelineName = "Verso.Client";

    /// <summary>The statuses the spec names as transient: 408, 429, 500, 502, 503 and 504.</summary>
    public static IReadOnlySet<int> DefaultRetryableStatusCodes { get; } = new[] { 408, 429, 500, 502, 503, 504 }.ToFrozenSet();

    /// <summary>Attempts per call including the first; 1 disables retries (the deadline still applies).</summary>
    public int MaxAttempts { get; init; } = 3;

    /// <summary>Budget for the whole call: every attempt and every wait. <see cref="Timeout.InfiniteTimeSpan"/> = none.</summary>
    public TimeSpan TotalTimeout { get; init; } = TimeSpan.FromSeconds(100);

    /// <summary>Budget for one attempt (until response headers arrive); an attempt that exceeds it is a transient
    /// failure. <see cref="Timeout.InfiniteTimeSpan"/> = none.</summary>
    public TimeSpan AttemptTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>First backoff step; attempt n waits about BaseDelay × 2^(n-1), jittered.</summary>
    public TimeSpan BaseDelay { get; init; } = TimeSpan.FromMilliseconds(100);

    /// <summary>Upper bound of any single wait, including a server's Retry-After.</summary>
    public TimeSpan MaxDelay { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>Statuses retried for GET, HEAD and OPTIONS (and counted as failures by the circuit for any method).</summary>
    public IReadOnlySet<int> RetryableStatusCodes { get; init; } = DefaultRetryableStatusCodes;

    /// <summary>Whether the circuit breaker runs at all (default true).</summary>
    public bool CircuitEnabled { get; init; } = true;

    /// <summary>Share of failed attempts within <see cref="CircuitSamplingDuration"/> that opens the circuit, in (0, 1].</summary>
    public double CircuitFailureRatio { get; init; } = 0.5;

    /// <summary>Attempts the sampling window must hold before the ratio can open the circuit (at least 2).</summary>
    public int CircuitMinimumThroughput { get; init; } = 5;

    /// <summary>The window over which the failure ratio is measured (at least 0.5 s).</summary>
    public TimeSpan CircuitSamplingDuration { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>How long an open circuit rejects calls before it lets one probe through (half-open; at least 0.5 s).</summary>
    public TimeSpan CircuitBreakDuration { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>Clock and timers for deadlines, waits, Retry-After dates and the circuit; replaceable in tests.</summary>
    public TimeProvider TimeProvider { get; init; } = TimeProvider.System;

    /// <summary>The pipeline name given to telemetry callbacks, spans and metrics (tag <c>verso.pipeline</c>).</summary>
    public string PipelineName { get; init; } = DefaultPipelineName;

    /// <summary>Told before every wait for a retry. Receives no URL, body or token; an exception it throws is ignored.</summary>
    public Action<VersoRetryEvent>? OnRetry { get; init; }

    /// <summary>Told once when a call runs out of its whole-call budget. An exception it throws is ignored.</summary>
    public Action<VersoTimeoutEvent>? OnTimeout { get; init; }

    /// <summary>Told when the circuit opens, half-opens or closes. An exception it throws is ignored.</summary>
    public Action<VersoCircuitEvent>? OnCircuitStateChanged { get; init; }

    /// <summary>Every rule a built pipeline relies on; the message names the setting.</summary>
    internal void Validate()
    {
        if (MaxAttempts < 1) throw new ArgumentOutOfRangeException(nameof(MaxAttempts), MaxAttempts, "MaxAttempts must be at least 1 (1 disables retries).");
        RequirePositiveOrInfinite(TotalTimeout, nameof(TotalTimeout));
        RequirePositiveOrInfinite(AttemptTimeout, nameof(AttemptTimeout));
        if (BaseDelay < TimeSpan.Zero) throw new ArgumentOutOfRangeException(nameof(BaseDelay), BaseDelay, "BaseDelay must not be negative.");
        if (MaxDelay < TimeSpan.Zero) throw new ArgumentOutOfRangeException(nameof(MaxDelay), MaxDelay, "MaxDelay must not be negative.");
        if (RetryableStatusCodes is null) throw new ArgumentNullException(nameof(RetryableStatusCodes));
        if (TimeProvider is null) throw new ArgumentNullException(nameof(TimeProvider));
        if (string.IsNullOrWhiteSpace(PipelineName)) throw new ArgumentException("PipelineName must not be blank.", nameof(PipelineName));
        if (!CircuitEnabled) return;
        // Polly's own limits for a circuit breaker, checked here so the message names our setting.
        if (!(CircuitFailureRatio > 0 && CircuitFailureRatio <= 1))
            throw new ArgumentOutOfRangeException(nameof(CircuitFailureRatio), CircuitFailureRatio, "CircuitFailureRatio must be greater than 0 and at most 1.");
        if (CircuitMinimumThroughput < 2)
            throw new ArgumentOutOfRangeException(nameof(CircuitMinimumThroughput), CircuitMinimumThroughput, "CircuitMinimumThroughput must be at least 2.");
        RequireCircuitDuration(CircuitSamplingDuration, nameof(CircuitSamplingDuration));
        RequireCircuitDuration(CircuitBreakDuration, nameof(CircuitBreakDuration));
    }

    /// <summary>A frozen copy: the status set is copied so a caller's mutable set cannot change it later.</summary>
    internal VersoResilienceOptions Freeze() => this with { RetryableStatusCodes = (RetryableStatusCodes ?? DefaultRetryableStatusCodes).ToFrozenSet() };

    private static void RequirePositiveOrInfinite(TimeSpan value, string name)
    {
        if (value != Timeout.InfiniteTimeSpan && value <= TimeSpan.Zero)
            throw new ArgumentOutOfRangeException(name, value, $"{name} must be positive or Timeout.InfiniteTimeSpan.");
    }

    private static void RequireCircuitDuration(TimeSpan value, string name)
    {
        if (value < TimeSpan.FromMilliseconds(500) || value > TimeSpan.FromDays(1))
            throw new ArgumentOutOfRangeException(name, value, $"{name} must be between 0.5 s and 1 day.");
    }
}
