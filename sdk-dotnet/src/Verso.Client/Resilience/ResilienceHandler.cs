using System.Diagnostics;
using Polly;
using Polly.CircuitBreaker;
using Polly.Timeout;
using Verso.Client.Errors;
using Verso.Client.Session;
using Verso.Client.Telemetry;

namespace Verso.Client.Resilience;

/// <summary>
/// The spec's "SDK behaviour (.NET client)" around a <see cref="VersoResiliencePipeline"/>: token read and fresh
/// request per attempt, every received response observed exactly once, late responses discarded, and the pipeline's
/// outcome turned into the SDK's exceptions (caller cancellation, <see cref="VersoTimeoutException"/>,
/// <see cref="VersoCircuitOpenException"/>, the last transport error).
/// </summary>
internal sealed class ResilienceHandler : DelegatingHandler
{
    private readonly VersoResiliencePipeline _pipeline;
    private readonly VersoTokenProvider _tokenProvider;
    private readonly SessionExpiryTracker _session;
    private readonly VersoResponseObserver? _observer;

    public ResilienceHandler(
        VersoResiliencePipeline pipeline,
        VersoTokenProvider tokenProvider,
        SessionExpiryTracker session,
        VersoResponseObserver? observer)
    {
        _pipeline = pipeline;
        _tokenProvider = tokenProvider;
        _session = session;
        _observer = observer;
    }

    private VersoResilienceOptions Options => _pipeline.Options;

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        // HttpClient hands us the caller's token (linked with its own, whose timeout the client disables), so its
        // cancellation is the caller's; the deadline and attempt timeouts are the pipeline's, told apart from it.
        var callerToken = cancellationToken;
        callerToken.ThrowIfCancellationRequested();

        var method = VersoTelemetry.MethodName(request.Method);
        using var activity = VersoTelemetry.Source.StartActivity(method, ActivityKind.Client);
        activity?.SetTag(VersoTelemetry.MethodTag, method);
        activity?.SetTag(VersoTelemetry.PipelineTag, _pipeline.Name);
        var started = Stopwatch.GetTimestamp();

        var replayable = ReplayPolicy.CanReplay(request);
        var attempts = await AttemptRequests.PrepareAsync(request, replayable, callerToken).ConfigureAwait(false);
        var call = new Call(this, request, attempts, callerToken, replayable, method);
        HttpResponseMessage? response = null;
        Exception? error = null;
        try
        {
            var outcome = await _pipeline.ExecuteAsync(call).ConfigureAwait(false);
            response = outcome.Result ?? throw Surface(call, outcome);
            return response;
        }
        catch (Exception e)
        {
            error = e;
            throw;
        }
        finally
        {
            Record(activity, call, started, response, error);
        }
    }

    /// <summary>The exception a failed call ends with.</summary>
    private Exception Surface(Call call, Outcome<HttpResponseMessage> outcome)
    {
        var failure = outcome.Exception!;
        // The caller's own code failed (observer, token provider): its exception propagates unchanged.
        if (call.IsCallersOwnFailure(failure)) return Rethrow(outcome);
        if (call.CallerToken.IsCancellationRequested)
            return new OperationCanceledException("The caller cancelled the Verso API call.", failure, call.CallerToken);
        switch (failure)
        {
            case BrokenCircuitException:
                VersoTelemetry.CircuitOpenRejections.Add(1, VersoTelemetry.CallTags(_pipeline.Name, call.MethodName));
                return new VersoCircuitOpenException(_pipeline.RetryAfter(), failure);
            case TimeoutRejectedException when call.TimedOut:
                return new VersoTimeoutException(Options.TotalTimeout, wholeCall: true, failure);
            case TimeoutRejectedException:
                return new VersoTimeoutException(Options.AttemptTimeout, wholeCall: false, failure);
            case OperationCanceledException when call.TimedOut || call.DeadlinePassed(Options.TimeProvider.GetUtcNow()):
                _pipeline.ReportWholeCallTimeout(call);
                return new VersoTimeoutException(Options.TotalTimeout, wholeCall: true, failure);
            case OperationCanceledException:
                // A timeout inside the transport (e.g. its connect timeout) that the caller did not cause.
                return new VersoTimeoutException(Options.AttemptTimeout, wholeCall: false, failure);
            default:
                // After exhaustion on transport failures the last transport error surfaces as it was thrown.
                return Rethrow(outcome);
        }
    }

    private static Exception Rethrow(Outcome<HttpResponseMessage> outcome)
    {
        outcome.ThrowIfException();
        return outcome.Exception!;
    }

    private void Record(Activity? activity, Call call, long started, HttpResponseMessage? response, Exception? error)
    {
        var tags = VersoTelemetry.CallTags(_pipeline.Name, call.MethodName);
        if (response is not null) tags.Add(VersoTelemetry.StatusTag, (int)response.StatusCode);
        if (error is not null) tags.Add(VersoTelemetry.ErrorTypeTag, error.GetType().FullName);
        VersoTelemetry.CallDuration.Record(Stopwatch.GetElapsedTime(started).TotalSeconds, tags);

        if (activity is null) return;
        activity.SetTag(VersoTelemetry.AttemptsTag, call.AttemptCount);
        if (response is not null)
        {
            activity.SetTag(VersoTelemetry.StatusTag, (int)response.StatusCode);
            // Error mapping happens outside this handler; a final 4xx/5xx is still an error of the call.
            if ((int)response.StatusCode >= 400)
            {
                activity.SetTag(VersoTelemetry.ErrorTypeTag, ((int)response.StatusCode).ToString(System.Globalization.CultureInfo.InvariantCulture));
                activity.SetStatus(ActivityStatusCode.Error);
            }
        }
        if (error is not null)
        {
            activity.SetTag(VersoTelemetry.ErrorTypeTag, error.GetType().FullName);
            activity.SetStatus(ActivityStatusCode.Error);
        }
    }

    /// <summary>One call: the attempts the pipeline asks for.</summary>
    private sealed class Call : ResilientCall
    {
        private readonly ResilienceHandler _handler;
        private readonly HttpRequestMessage _request;
        private readonly AttemptRequests _attempts;
        private Exception? _callersOwnFailure;

        public Call(ResilienceHandler handler, HttpRequestMessage request, AttemptRequests attempts, CancellationToken callerToken, bool replayable, string methodName)
            : base(callerToken, replayable, handler.Options.MaxAttempts, methodName)
        {
            _handler = handler;
            _request = request;
            _attempts = attempts;
        }

        public override bool IsCallersOwnFailure(Exception failure) => _callersOwnFailure is not null && ReferenceEquals(failure, _callersOwnFailure);

        public override async ValueTask<Outcome<HttpResponseMessage>> AttemptAsync(ResilienceContext context)
        {
            var attempt = ++AttemptCount;
            using var activity = VersoTelemetry.Source.StartActivity(MethodName + " attempt", ActivityKind.Internal);
            activity?.SetTag(VersoTelemetry.MethodTag, MethodName);
            activity?.SetTag(VersoTelemetry.PipelineTag, _handler._pipeline.Name);
            activity?.SetTag(VersoTelemetry.AttemptTag, attempt);

            // context.CancellationToken: the caller's, the deadline and this attempt's timeout together.
            var attemptToken = context.CancellationToken;
            string? token;
            try
            {
                token = await _handler._tokenProvider(attemptToken).ConfigureAwait(false);
            }
            catch (Exception e)
            {
                // A cancelled read is classified like any cancellation; any other failure is the caller's own.
                if (e is not OperationCanceledException) _callersOwnFailure = e;
                activity?.SetTag(VersoTelemetry.ErrorTypeTag, e.GetType().FullName);
                return Outcome.FromException<HttpResponseMessage>(e);
            }

            var correlationId = CorrelationIds.NewId();
            _request.Options.Set(CorrelationIds.SentOnFinalAttempt, correlationId);
            var message = _attempts.Create(token, correlationId);

            HttpResponseMessage? response = null;
            Exception? failure = null;
            try
            {
                response = await _handler.SendToTransportAsync(message, attemptToken).ConfigureAwait(false);
            }
            catch (Exception e)
            {
                failure = e;
            }
            finally
            {
                _attempts.Release(message);
            }
            CountAttempt(activity, response, failure);

            if (response is null) return Outcome.FromException<HttpResponseMessage>(failure!);

            try
            {
                _handler._session.Observe(response);
                if (_handler._observer is not null) await _handler._observer(response, CancellationToken.None).ConfigureAwait(false);
            }
            catch (Exception e)
            {
                // The observer's exception ends the call unchanged (no retry); the response it rejected is released.
                _callersOwnFailure = e;
                response.Dispose();
                return Outcome.FromException<HttpResponseMessage>(e);
            }

            // A response that arrives after the caller cancelled or the deadline passed has now been observed; it is
            // discarded, never returned or retried.
            if (CallerToken.IsCancellationRequested)
            {
                response.Dispose();
                return Outcome.FromException<HttpResponseMessage>(new OperationCanceledException("The caller cancelled the Verso API call.", null, CallerToken));
            }
            if (DeadlinePassed(_handler.Options.TimeProvider.GetUtcNow()))
            {
                response.Dispose();
                return Outcome.FromException<HttpResponseMessage>(new LateResponseDiscardedException());
            }

            response.RequestMessage = _request;
            return Outcome.FromResult(response);
        }

        private void CountAttempt(Activity? activity, HttpResponseMessage? response, Exception? failure)
        {
            var tags = VersoTelemetry.CallTags(_handler._pipeline.Name, MethodName);
            if (response is not null)
            {
                tags.Add(VersoTelemetry.StatusTag, (int)response.StatusCode);
                activity?.SetTag(VersoTelemetry.StatusTag, (int)response.StatusCode);
            }
            else if (failure is not null)
            {
                tags.Add(VersoTelemetry.ErrorTypeTag, failure.GetType().FullName);
                activity?.SetTag(VersoTelemetry.ErrorTypeTag, failure.GetType().FullName);
                activity?.SetStatus(ActivityStatusCode.Error);
            }
            VersoTelemetry.Attempts.Add(1, tags);
        }
    }

    private Task<HttpResponseMessage> SendToTransportAsync(HttpRequestMessage message, CancellationToken cancellationToken) =>
        base.SendAsync(message, cancellationToken);
}
