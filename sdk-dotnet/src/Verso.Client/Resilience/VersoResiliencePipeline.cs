using Polly;
using Polly.CircuitBreaker;
using Polly.Retry;
using Polly.Timeout;
using Verso.Client.Telemetry;

namespace Verso.Client.Resilience;

/// <summary>
/// The retry, whole-call timeout, circuit breaker and attempt timeout of Verso clients, as one Polly v8 pipeline built
/// once from <see cref="VersoResilienceOptions"/>. Every client built on the same instance
/// (<see cref="VersoClientBuilder.WithSharedResilience"/>, or every client of one <c>AddVersoClient</c> registration)
/// shares its circuit, so failures seen through any of them open it for all.
/// </summary>
/// <remarks>
/// Strategies, outermost first: whole-call timeout (<see cref="VersoResilienceOptions.TotalTimeout"/>) → retry →
/// circuit breaker → attempt timeout → the attempt. The breaker sits inside the retry, so it counts attempts: a call
/// retried three times against a dead server is three failures. The options are copied (and validated) here;
/// changing the instance passed in afterwards changes nothing. Thread-safe; build it once and keep it.
/// </remarks>
public sealed class VersoResiliencePipeline
{
    private static readonly ResiliencePropertyKey<ResilientCall> CallKey = new("Verso.Client.Call");

    private readonly ResiliencePipeline<HttpResponseMessage> _pipeline;
    private readonly CircuitBreakerStateProvider? _circuit;
    private long _openUntilUtcTicks;

    /// <summary>Builds the pipeline from a copy of <paramref name="options"/>.</summary>
    /// <exception cref="ArgumentException">A setting is out of range; the message names it.</exception>
    public VersoResiliencePipeline(VersoResilienceOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        var frozen = options.Freeze();
        frozen.Validate();
        Options = frozen;

        var builder = new ResiliencePipelineBuilder<HttpResponseMessage> { Name = frozen.PipelineName, TimeProvider = frozen.TimeProvider };
        if (frozen.TotalTimeout != Timeout.InfiniteTimeSpan)
        {
            builder.AddTimeout(new TimeoutStrategyOptions
            {
                Name = "whole-call-timeout",
                // The generator (not Timeout) carries the budget: Polly's Timeout property refuses values under 10 ms
                // or over a day, which our options allow.
                TimeoutGenerator = _ => ValueTask.FromResult(frozen.TotalTimeout),
                OnTimeout = args =>
                {
                    if (CallOf(args.Context) is { } call) ReportWholeCallTimeout(call);
                    return default;
                },
            });
        }
        if (frozen.MaxAttempts > 1)
        {
            builder.AddRetry(new RetryStrategyOptions<HttpResponseMessage>
            {
                Name = "retry",
                MaxRetryAttempts = frozen.MaxAttempts - 1,
                ShouldHandle = args => ValueTask.FromResult(ShouldRetry(args.Outcome, args.AttemptNumber, args.Context)),
                DelayGenerator = args => ValueTask.FromResult<TimeSpan?>(CallOf(args.Context)?.NextDelay ?? TimeSpan.Zero),
                OnRetry = args =>
                {
                    if (CallOf(args.Context) is { } call) ReportRetry(call, args.Outcome, args.AttemptNumber, args.RetryDelay);
                    return default;
                },
            });
        }
        if (frozen.CircuitEnabled)
        {
            _circuit = new CircuitBreakerStateProvider();
            builder.AddCircuitBreaker(new CircuitBreakerStrategyOptions<HttpResponseMessage>
            {
                Name = "circuit-breaker",
                FailureRatio = frozen.CircuitFailureRatio,
                MinimumThroughput = frozen.CircuitMinimumThroughput,
                SamplingDuration = frozen.CircuitSamplingDuration,
                BreakDuration = frozen.CircuitBreakDuration,
                StateProvider = _circuit,
                ShouldHandle = args => ValueTask.FromResult(CountsAsCircuitFailure(args.Outcome, args.Context)),
                OnOpened = args =>
                {
                    Interlocked.Exchange(ref _openUntilUtcTicks, (frozen.TimeProvider.GetUtcNow() + args.BreakDuration).UtcTicks);
                    var call = CallOf(args.Context);
                    ReportCircuit(VersoCircuitState.Open, call?.AttemptCount ?? 0, args.Outcome, call, args.BreakDuration);
                    return default;
                },
                OnHalfOpened = args =>
                {
                    var call = CallOf(args.Context);
                    ReportCircuit(VersoCircuitState.HalfOpen, (call?.AttemptCount ?? 0) + 1, null, null, TimeSpan.Zero);
                    return default;
                },
                OnClosed = args =>
                {
                    var call = CallOf(args.Context);
                    ReportCircuit(VersoCircuitState.Closed, call?.AttemptCount ?? 0, args.Outcome, null, TimeSpan.Zero);
                    return default;
                },
            });
        }
        if (frozen.AttemptTimeout != Timeout.InfiniteTimeSpan)
        {
            builder.AddTimeout(new TimeoutStrategyOptions
            {
                Name = "attempt-timeout",
                TimeoutGenerator = _ => ValueTask.FromResult(frozen.AttemptTimeout),
            });
        }
        _pipeline = builder.Build();
    }

    /// <summary>The validated copy of the options this pipeline runs with.</summary>
    public VersoResilienceOptions Options { get; }

    /// <summary>The pipeline name (telemetry's <c>verso.pipeline</c>).</summary>
    public string Name => Options.PipelineName;

    /// <summary>The state of the shared circuit (always <see cref="VersoCircuitState.Closed"/> when the breaker is off).
    /// An open circuit whose break has passed reads as half-open: the next attempt is the probe.</summary>
    public VersoCircuitState CircuitState
    {
        get
        {
            if (_circuit is null) return VersoCircuitState.Closed;
            return _circuit.CircuitState switch
            {
                Polly.CircuitBreaker.CircuitState.Closed => VersoCircuitState.Closed,
                Polly.CircuitBreaker.CircuitState.HalfOpen => VersoCircuitState.HalfOpen,
                _ => RetryAfter() > TimeSpan.Zero ? VersoCircuitState.Open : VersoCircuitState.HalfOpen,
            };
        }
    }

    /// <summary>Runs one call's attempts through the strategies; the outcome is mapped to exceptions by the caller.</summary>
    internal async ValueTask<Outcome<HttpResponseMessage>> ExecuteAsync(ResilientCall call)
    {
        call.Start(Options.TimeProvider.GetUtcNow(), Options.TotalTimeout);
        var context = ResilienceContextPool.Shared.Get(call.CallerToken);
        context.Properties.Set(CallKey, call);
        try
        {
            return await _pipeline.ExecuteOutcomeAsync(
                static (ctx, state) => state.AttemptAsync(ctx), context, call).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            // Only the breaker's predicate throws (see CountsAsCircuitFailure), and only the outcome it was given; when
            // no strategy outside it turned that back into an outcome, do it here.
            return Outcome.FromException<HttpResponseMessage>(e);
        }
        finally
        {
            ResilienceContextPool.Shared.Return(context);
        }
    }

    /// <summary>How long until an open circuit lets a probe through (zero when it already may).</summary>
    internal TimeSpan RetryAfter()
    {
        var until = new DateTimeOffset(Interlocked.Read(ref _openUntilUtcTicks), TimeSpan.Zero);
        var left = until - Options.TimeProvider.GetUtcNow();
        return left > TimeSpan.Zero ? left : TimeSpan.Zero;
    }

    /// <summary>
    /// Why an attempt's outcome is a failure of the server (retry and circuit agree on this), or null when it is not:
    /// a non-transient answer, the caller's cancellation, an open circuit, a late response discarded, or an exception
    /// of the caller's own code (token provider, response observer).
    /// </summary>
    internal VersoFailureCategory? Classify(Outcome<HttpResponseMessage> outcome, ResilientCall call)
    {
        if (outcome.Result is { } response)
            return Options.RetryableStatusCodes.Contains((int)response.StatusCode) ? VersoFailureCategory.Status : null;
        var failure = outcome.Exception;
        if (failure is null || call.CallerToken.IsCancellationRequested || call.IsCallersOwnFailure(failure)) return null;
        return failure switch
        {
            BrokenCircuitException => null,
            LateResponseDiscardedException => null,
            TimeoutRejectedException => VersoFailureCategory.AttemptTimeout,
            HttpRequestException => VersoFailureCategory.Transport,
            // Not the caller's: the deadline aborted the attempt, or a timeout inside the transport (connect timeout).
            OperationCanceledException => call.DeadlinePassed(Options.TimeProvider.GetUtcNow())
                ? VersoFailureCategory.Timeout
                : VersoFailureCategory.AttemptTimeout,
            _ => null,
        };
    }

    /// <summary>
    /// The breaker's predicate: true for a failure of the server, false for an answer. An outcome that is neither (the
    /// caller cancelled, the caller's own token provider or observer failed, a late response was discarded) must not be
    /// counted, but Polly 8.4.2 records every outcome its predicate rejects as a success: that would lower the failure
    /// ratio and let a cancelled half-open probe close the circuit on a server nobody heard from.
    /// <list type="bullet">
    /// <item>Closed: rethrowing the outcome's exception from the predicate makes the breaker record nothing; the strategy
    /// outside it receives the same exception as the outcome.</item>
    /// <item>Half-open: a probe that records nothing leaves 8.4.2's breaker half-open for good (App-vNext/Polly#1979), so
    /// the probe counts as failed instead: the circuit reopens for one break and then lets the next probe through, which
    /// is when a later Polly, which records nothing, would let it through too.</item>
    /// </list>
    /// </summary>
    private bool CountsAsCircuitFailure(Outcome<HttpResponseMessage> outcome, ResilienceContext context)
    {
        if (CallOf(context) is not { } call) return false;
        if (Classify(outcome, call) is not null) return true;
        if (outcome.Exception is null || !IsNeitherSuccessNorFailure(outcome.Exception, call)) return false;
        if (_circuit?.CircuitState == Polly.CircuitBreaker.CircuitState.HalfOpen) return true;
        outcome.ThrowIfException();
        return false;
    }

    /// <summary>Outcomes that say nothing about the server's health.</summary>
    private static bool IsNeitherSuccessNorFailure(Exception failure, ResilientCall call) =>
        call.CallerToken.IsCancellationRequested || call.IsCallersOwnFailure(failure) || failure is LateResponseDiscardedException;

    /// <summary>Once per call: the whole-call budget ran out.</summary>
    internal void ReportWholeCallTimeout(ResilientCall call)
    {
        if (!call.MarkTimedOut()) return;
        Safe(Options.OnTimeout, new VersoTimeoutEvent(Name, Math.Max(1, call.AttemptCount), null, VersoFailureCategory.Timeout, Options.TotalTimeout));
    }

    private bool ShouldRetry(Outcome<HttpResponseMessage> outcome, int attemptIndex, ResilienceContext context)
    {
        if (CallOf(context) is not { } call) return false;
        var category = Classify(outcome, call);
        call.LastCategory = category;
        if (category is null or VersoFailureCategory.Timeout || attemptIndex + 1 >= call.MaxAttempts) return false;

        var now = Options.TimeProvider.GetUtcNow();
        var delay = RetryDelay.Next(outcome.Result, attemptIndex + 1, Options, Random.Shared.NextDouble());
        // Give up rather than sleep into a deadline the next attempt could not meet: the caller gets the real failure
        // (say, the 503 and its problem) instead of a timeout that hides it.
        if (call.Remaining(now) is { } remaining && delay >= remaining) return false;
        call.NextDelay = delay;
        return true;
    }

    private void ReportRetry(ResilientCall call, Outcome<HttpResponseMessage> outcome, int attemptIndex, TimeSpan delay)
    {
        var category = call.LastCategory ?? VersoFailureCategory.Status;
        var tags = VersoTelemetry.CallTags(Name, call.MethodName);
        tags.Add(VersoTelemetry.FailureCategoryTag, category.ToString());
        VersoTelemetry.Retries.Add(1, tags);
        Safe(Options.OnRetry, new VersoRetryEvent(Name, attemptIndex + 1, StatusOf(outcome), category, delay));
    }

    private void ReportCircuit(VersoCircuitState state, int attempt, Outcome<HttpResponseMessage>? outcome, ResilientCall? call, TimeSpan delay)
    {
        var category = outcome is { } o && call is not null ? Classify(o, call) : null;
        Safe(Options.OnCircuitStateChanged, new VersoCircuitEvent(Name, state, attempt, outcome is { } known ? StatusOf(known) : null, category, delay));
    }

    private static int? StatusOf(Outcome<HttpResponseMessage> outcome) => outcome.Result is { } response ? (int)response.StatusCode : null;

    private static ResilientCall? CallOf(ResilienceContext context) =>
        context.Properties.TryGetValue(CallKey, out var call) ? call : null;

    /// <summary>Telemetry must never change a call's outcome: a throwing callback is ignored.</summary>
    private static void Safe<T>(Action<T>? callback, T value)
    {
        if (callback is null) return;
        try
        {
            callback(value);
        }
        catch
        {
            // Deliberately swallowed (spec item 36): an observability hook is not allowed to fail the call.
        }
    }
}
