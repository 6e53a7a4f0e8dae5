using System.Runtime.ExceptionServices;
using Verso.Client.Errors;
using Verso.Client.Session;

namespace Verso.Client.Resilience;

/// <summary>
/// The spec's "SDK behaviour (.NET client)": token read and fresh request per attempt, retries of safe methods on
/// transient outcomes, Retry-After, an overall deadline, caller cancellation kept apart from timeouts, a circuit
/// breaker, and every received response observed exactly once.
/// </summary>
internal sealed class ResilienceHandler : DelegatingHandler
{
    private readonly VersoResilienceOptions _options;
    private readonly VersoTokenProvider _tokenProvider;
    private readonly SessionExpiryTracker _session;
    private readonly VersoResponseObserver? _observer;
    private readonly CircuitBreaker _circuit;

    public ResilienceHandler(
        VersoResilienceOptions options,
        VersoTokenProvider tokenProvider,
        SessionExpiryTracker session,
        VersoResponseObserver? observer,
        CircuitBreaker circuit)
    {
        _options = options;
        _tokenProvider = tokenProvider;
        _session = session;
        _observer = observer;
        _circuit = circuit;
    }

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        // HttpClient hands us the caller's token (linked with its own, whose timeout the client disables), so its
        // cancellation is the caller's; our deadline and attempt timeouts are separate sources we can tell apart.
        var callerToken = cancellationToken;
        callerToken.ThrowIfCancellationRequested();

        var replayable = ReplayPolicy.CanReplay(request);
        var maxAttempts = replayable ? _options.MaxAttempts : 1;
        using var deadline = CallDeadline.Start(_options.TotalTimeout, _options.TimeProvider);
        using var call = CancellationTokenSource.CreateLinkedTokenSource(callerToken, deadline.Token);

        AttemptRequests attempts;
        try
        {
            attempts = await AttemptRequests.PrepareAsync(request, replayable, call.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException e) when (call.IsCancellationRequested)
        {
            throw Interrupted(callerToken, e);
        }

        for (var attempt = 1; ; attempt++)
        {
            var permit = _circuit.Acquire();
            var outcome = await SendAttemptAsync(request, attempts, permit, callerToken, deadline, call.Token).ConfigureAwait(false);
            if (!outcome.Transient)
            {
                permit.Success();
                return outcome.Response!;
            }

            permit.Failure();
            var delay = RetryDelay.Next(outcome.Response, attempt, _options, Random.Shared.NextDouble());
            // Give up rather than sleep into a deadline the next attempt could not meet: the caller gets the real
            // failure (say, the 503 and its problem) instead of a timeout that hides it.
            if (attempt >= maxAttempts || delay >= deadline.Remaining) return Surface(outcome);

            outcome.Response?.Dispose();
            try
            {
                await Task.Delay(delay, _options.TimeProvider, call.Token).ConfigureAwait(false);
            }
            catch (OperationCanceledException e)
            {
                throw Interrupted(callerToken, e);
            }
        }
    }

    private async Task<AttemptOutcome> SendAttemptAsync(
        HttpRequestMessage request,
        AttemptRequests attempts,
        CircuitBreaker.Permit permit,
        CancellationToken callerToken,
        CallDeadline deadline,
        CancellationToken callToken)
    {
        string? token;
        try
        {
            token = await _tokenProvider(callToken).ConfigureAwait(false);
        }
        catch (OperationCanceledException e) when (callToken.IsCancellationRequested)
        {
            permit.Abandon();
            throw Interrupted(callerToken, e);
        }
        catch
        {
            permit.Abandon();
            throw;
        }

        var correlationId = CorrelationIds.NewId();
        request.Options.Set(CorrelationIds.SentOnFinalAttempt, correlationId);
        var message = attempts.Create(token, correlationId);

        using var attemptTimer = _options.AttemptTimeout == Timeout.InfiniteTimeSpan
            ? new CancellationTokenSource()
            : new CancellationTokenSource(_options.AttemptTimeout, _options.TimeProvider);
        using var attemptToken = CancellationTokenSource.CreateLinkedTokenSource(callToken, attemptTimer.Token);

        HttpResponseMessage? response = null;
        Exception? failure = null;
        try
        {
            response = await base.SendAsync(message, attemptToken.Token).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            failure = e;
        }
        finally
        {
            attempts.Release(message);
        }

        if (response is not null) await ObserveAsync(response, permit).ConfigureAwait(false);

        // A response that arrives after the caller cancelled or the deadline passed has now been observed; it is
        // discarded, never returned or retried, and the caller's cancellation is not held against the server.
        if (callerToken.IsCancellationRequested)
        {
            permit.Abandon();
            response?.Dispose();
            throw new OperationCanceledException("The caller cancelled the Verso API call.", failure, callerToken);
        }
        if (deadline.Expired)
        {
            if (response is null) permit.Failure(); else permit.Abandon();
            response?.Dispose();
            throw new VersoTimeoutException(_options.TotalTimeout, wholeCall: true, failure);
        }

        if (response is not null)
        {
            response.RequestMessage = request;
            return new AttemptOutcome(response, null, _options.RetryableStatusCodes.Contains((int)response.StatusCode));
        }

        // Transport failures and timeouts the caller did not cause (our attempt timeout, a connect timeout) are transient.
        if (failure is HttpRequestException || failure is OperationCanceledException) return new AttemptOutcome(null, failure, true);

        permit.Abandon();
        ExceptionDispatchInfo.Capture(failure!).Throw();
        throw failure!;
    }

    private async Task ObserveAsync(HttpResponseMessage response, CircuitBreaker.Permit permit)
    {
        try
        {
            _session.Observe(response);
            if (_observer is not null) await _observer(response, CancellationToken.None).ConfigureAwait(false);
        }
        catch
        {
            // The observer's exception ends the call unchanged; the response it rejected is released here.
            permit.Abandon();
            response.Dispose();
            throw;
        }
    }

    /// <summary>The last outcome once retrying is over: a response goes on to error mapping, a failure is rethrown.</summary>
    private HttpResponseMessage Surface(AttemptOutcome outcome)
    {
        if (outcome.Response is not null) return outcome.Response;
        if (outcome.Failure is OperationCanceledException timedOut)
            throw new VersoTimeoutException(_options.AttemptTimeout, wholeCall: false, timedOut);
        ExceptionDispatchInfo.Capture(outcome.Failure!).Throw();
        throw outcome.Failure!;
    }

    /// <summary>A wait or token read was cut short: by the caller (cancellation, with the caller's token) or by the deadline.</summary>
    private Exception Interrupted(CancellationToken callerToken, Exception cause) =>
        callerToken.IsCancellationRequested
            ? new OperationCanceledException("The caller cancelled the Verso API call.", cause, callerToken)
            : new VersoTimeoutException(_options.TotalTimeout, wholeCall: true, cause);

    private readonly record struct AttemptOutcome(HttpResponseMessage? Response, Exception? Failure, bool Transient);
}
