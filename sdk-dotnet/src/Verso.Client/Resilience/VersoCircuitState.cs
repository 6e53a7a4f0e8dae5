namespace Verso.Client.Resilience;

/// <summary>State of a pipeline's circuit breaker (shared by every client built on that pipeline).</summary>
public enum VersoCircuitState
{
    /// <summary>Calls flow; failed attempts are measured against the failure ratio.</summary>
    Closed,

    /// <summary>Calls fail fast with VersoCircuitOpenException until the break duration has passed.</summary>
    Open,

    /// <summary>The break has passed; the next attempt is a probe whose outcome closes or reopens the circuit.</summary>
    HalfOpen,
}
