namespace Verso.Client.Resilience;

/// <summary>State of a client's circuit breaker.</summary>
public enum VersoCircuitState
{
    /// <summary>Calls flow; consecutive transient failures are counted.</summary>
    Closed,

    /// <summary>Calls fail fast with VersoCircuitOpenException until the break duration has passed.</summary>
    Open,

    /// <summary>The break has passed; the next call is a probe whose outcome closes or reopens the circuit.</summary>
    HalfOpen,
}
