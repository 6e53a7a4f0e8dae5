namespace Verso.Client.Errors;

/// <summary>The circuit breaker shared by this client's pipeline is open after too many transient failures: the call
/// failed fast and nothing was sent.</summary>
/// <remarks>Every client built on the same <see cref="Resilience.VersoResiliencePipeline"/> (one DI registration) sees
/// the same circuit. The inner exception is Polly's <c>BrokenCircuitException</c>.</remarks>
public sealed class VersoCircuitOpenException : Exception
{
    /// <summary>Creates the exception.</summary>
    /// <param name="retryAfter">How long until the circuit lets a probe attempt through (zero: it may already).</param>
    /// <param name="inner">The pipeline's own rejection, if any.</param>
    public VersoCircuitOpenException(TimeSpan retryAfter, Exception? inner = null)
        : base($"The Verso API circuit is open after repeated transient failures; calls resume in about {Math.Ceiling(retryAfter.TotalSeconds)} s.", inner)
    {
        RetryAfter = retryAfter;
    }

    /// <summary>How long until the circuit lets a probe call through.</summary>
    public TimeSpan RetryAfter { get; }
}
