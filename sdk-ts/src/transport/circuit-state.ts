// The three states of a circuit. Its own module because the breaker (circuit-breaker.ts) moves
// between them and the telemetry events (telemetry.ts) report them, and the breaker also sends those
// events: with the type in either file, the two would import each other.
export type CircuitState = 'closed' | 'open' | 'half-open';
