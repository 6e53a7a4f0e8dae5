namespace Verso.Client.Resilience;

/// <summary>Why an attempt or call failed, as telemetry reports it (never the URL, body or token).</summary>
public enum VersoFailureCategory
{
    /// <summary>The server answered with a transient status (see <see cref="VersoResilienceOptions.RetryableStatusCodes"/>).</summary>
    Status,

    /// <summary>The request did not get an answer: connection refused or reset, DNS failure (<see cref="HttpRequestException"/>).</summary>
    Transport,

    /// <summary>One attempt exceeded <see cref="VersoResilienceOptions.AttemptTimeout"/> (or a transport timeout the caller did not cause).</summary>
    AttemptTimeout,

    /// <summary>The whole call exceeded <see cref="VersoResilienceOptions.TotalTimeout"/>.</summary>
    Timeout,
}

/// <summary>A retry is about to wait <paramref name="Delay"/> and then send attempt <paramref name="Attempt"/> + 1.</summary>
/// <param name="PipelineName">The pipeline (DI registration) name.</param>
/// <param name="Attempt">The 1-based number of the attempt that failed.</param>
/// <param name="Status">Its HTTP status, or null when no response arrived.</param>
/// <param name="FailureCategory">Why it failed.</param>
/// <param name="Delay">The wait before the next attempt (Retry-After or backoff, already capped).</param>
public readonly record struct VersoRetryEvent(string PipelineName, int Attempt, int? Status, VersoFailureCategory FailureCategory, TimeSpan Delay);

/// <summary>A call ran out of its whole-call budget.</summary>
/// <param name="PipelineName">The pipeline (DI registration) name.</param>
/// <param name="Attempt">The 1-based number of the attempt in flight (or last sent) when the budget ran out.</param>
/// <param name="Status">Always null: a call that times out has no response to report.</param>
/// <param name="FailureCategory">Always <see cref="VersoFailureCategory.Timeout"/>.</param>
/// <param name="Timeout">The configured budget (<see cref="VersoResilienceOptions.TotalTimeout"/>).</param>
public readonly record struct VersoTimeoutEvent(string PipelineName, int Attempt, int? Status, VersoFailureCategory FailureCategory, TimeSpan Timeout);

/// <summary>The circuit changed state.</summary>
/// <param name="PipelineName">The pipeline (DI registration) name: every client of it shares this circuit.</param>
/// <param name="State">The new state.</param>
/// <param name="Attempt">The 1-based attempt number, within its call, of the attempt whose outcome caused the change (0 when time alone did, e.g. half-open).</param>
/// <param name="Status">That attempt's HTTP status, or null.</param>
/// <param name="FailureCategory">Why that attempt failed, when it did (opening); null for half-open and close.</param>
/// <param name="Delay">How long the circuit stays open (opening); zero otherwise.</param>
public readonly record struct VersoCircuitEvent(
    string PipelineName, VersoCircuitState State, int Attempt, int? Status, VersoFailureCategory? FailureCategory, TimeSpan Delay);
