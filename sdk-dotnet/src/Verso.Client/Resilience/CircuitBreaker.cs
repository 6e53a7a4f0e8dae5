using Verso.Client.Errors;

namespace Verso.Client.Resilience;

/// <summary>
/// Opens after <c>CircuitFailureThreshold</c> consecutive transient failures, rejects calls for
/// <c>CircuitBreakDuration</c>, then lets exactly one probe through (half-open): its success closes the circuit,
/// its transient failure opens it again for another break.
/// </summary>
/// <remarks>
/// Accounting is per attempt, so a call retried three times against a dead server counts three failures. Caller
/// cancellation is never counted (spec), and a probe the caller cancelled only frees the probe slot. Any
/// non-transient response (including 4xx) proves the server is answering and resets the count.
/// </remarks>
internal sealed class CircuitBreaker
{
    private readonly object _gate = new();
    private readonly int _threshold;
    private readonly TimeSpan _breakDuration;
    private readonly TimeProvider _time;

    private VersoCircuitState _state = VersoCircuitState.Closed;
    private int _consecutiveFailures;
    private DateTimeOffset _openedAt;
    private bool _probeInFlight;

    public CircuitBreaker(int threshold, TimeSpan breakDuration, TimeProvider time)
    {
        _threshold = threshold;
        _breakDuration = breakDuration;
        _time = time;
    }

    public VersoCircuitState State
    {
        get
        {
            lock (_gate)
            {
                return _state == VersoCircuitState.Open && _time.GetUtcNow() - _openedAt >= _breakDuration
                    ? VersoCircuitState.HalfOpen
                    : _state;
            }
        }
    }

    /// <summary>Asks to send an attempt; throws <see cref="VersoCircuitOpenException"/> when the circuit rejects it.</summary>
    public Permit Acquire()
    {
        if (_threshold == 0) return new Permit(null, isProbe: false);
        lock (_gate)
        {
            if (_state == VersoCircuitState.Open)
            {
                var elapsed = _time.GetUtcNow() - _openedAt;
                if (elapsed < _breakDuration) throw new VersoCircuitOpenException(_breakDuration - elapsed);
                _state = VersoCircuitState.HalfOpen;
            }
            if (_state == VersoCircuitState.HalfOpen)
            {
                // One probe at a time: the others fail fast until the probe has told us whether the server is back.
                if (_probeInFlight) throw new VersoCircuitOpenException(TimeSpan.Zero);
                _probeInFlight = true;
                return new Permit(this, isProbe: true);
            }
            return new Permit(this, isProbe: false);
        }
    }

    private void Succeeded(bool isProbe)
    {
        lock (_gate)
        {
            if (isProbe) _probeInFlight = false;
            // A success from a call that began before the circuit opened does not close it; only the probe does.
            if (_state == VersoCircuitState.Closed || isProbe)
            {
                _state = VersoCircuitState.Closed;
                _consecutiveFailures = 0;
            }
        }
    }

    private void Failed(bool isProbe)
    {
        lock (_gate)
        {
            if (isProbe)
            {
                _probeInFlight = false;
                Open();
                return;
            }
            if (_state != VersoCircuitState.Closed) return;
            if (++_consecutiveFailures >= _threshold) Open();
        }
    }

    private void Abandoned(bool isProbe)
    {
        if (!isProbe) return;
        lock (_gate) _probeInFlight = false;
    }

    private void Open()
    {
        _state = VersoCircuitState.Open;
        _openedAt = _time.GetUtcNow();
        _consecutiveFailures = 0;
    }

    /// <summary>One attempt's right to send; report exactly one outcome.</summary>
    internal readonly struct Permit
    {
        private readonly CircuitBreaker? _breaker;
        private readonly bool _isProbe;

        public Permit(CircuitBreaker? breaker, bool isProbe)
        {
            _breaker = breaker;
            _isProbe = isProbe;
        }

        public void Success() => _breaker?.Succeeded(_isProbe);
        public void Failure() => _breaker?.Failed(_isProbe);

        /// <summary>The attempt ended in a way that says nothing about the server (caller cancellation, an observer error).</summary>
        public void Abandon() => _breaker?.Abandoned(_isProbe);
    }
}
