namespace Verso.Client.Errors;

/// <summary>The client's circuit breaker is open after repeated transient failures: the call failed fast and
/// nothing was sent.</summary>
public sealed class VersoCircuitOpenException : Exception
{
    public VersoCircuitOpenException(TimeSpan retryAfter)
        : base($"The Verso API circuit is open after repeated transient failures; calls resume in about {Math.Ceiling(retryAfter.TotalSeconds)} s.")
    {
        RetryAfter = retryAfter;
    }

    /// <summary>How long until the circuit lets a probe call through.</summary>
    public TimeSpan RetryAfter { get; }
}
