using System.Diagnostics;
using Verso.Client.Errors;
using Verso.Client.Resilience;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>Spec: caller cancellation keeps the original token and is excluded from retry and circuit accounting; an
/// overall deadline; a response arriving after cancellation or deadline is observed once.</summary>
public class CancellationAndDeadlineTests
{
    [Fact]
    public async Task Cancelling_during_the_backoff_wait_ends_the_call_at_once_with_no_further_attempt()
    {
        var transport = new StubTransport(Replies.Status(503, headers: ("Retry-After", "20")), Replies.Ok());
        using var client = Clients.Build(transport, Clients.Fast with { MaxDelay = TimeSpan.FromSeconds(30), TotalTimeout = TimeSpan.FromSeconds(60) });
        using var caller = new CancellationTokenSource();

        var call = client.HttpClient.GetAsync("api/v1/things", caller.Token);
        await transport.WaitForAsync(1);
        await Task.Delay(50);
        var watch = Stopwatch.StartNew();
        caller.Cancel();

        var error = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => call);

        Assert.True(watch.Elapsed < TimeSpan.FromSeconds(1), $"took {watch.Elapsed}");
        Assert.Equal(caller.Token, error.CancellationToken);
        await Task.Delay(100);
        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task Cancelling_an_attempt_in_flight_aborts_it_keeps_the_callers_token_and_is_not_retried()
    {
        var transport = new StubTransport(Replies.Hang(), Replies.Ok());
        using var client = Clients.Build(transport);
        using var caller = new CancellationTokenSource();

        var call = client.HttpClient.GetAsync("api/v1/things", caller.Token);
        await transport.WaitForAsync(1);
        caller.Cancel();

        var error = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => call);

        Assert.Equal(caller.Token, error.CancellationToken);
        Assert.IsNotType<VersoTimeoutException>(error.InnerException);
        Assert.True(transport.Requests[0].Token.IsCancellationRequested);
        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task An_already_cancelled_call_sends_nothing()
    {
        var transport = new StubTransport(Replies.Ok());
        using var client = Clients.Build(transport);

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => client.HttpClient.GetAsync("api/v1/things", new CancellationToken(true)));

        Assert.Equal(0, transport.Count);
    }

    [Fact]
    public async Task Caller_cancellation_does_not_count_towards_the_circuit()
    {
        var transport = new StubTransport(Replies.Hang());
        using var client = Clients.Build(transport, Clients.Fast with { CircuitEnabled = true, CircuitMinimumThroughput = 2, CircuitFailureRatio = 0.1 });

        for (var i = 0; i < 3; i++)
        {
            using var caller = new CancellationTokenSource();
            var call = client.HttpClient.GetAsync("api/v1/things", caller.Token);
            await transport.WaitForAsync(i + 1);
            caller.Cancel();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => call);
        }

        Assert.Equal(VersoCircuitState.Closed, client.CircuitState);
        Assert.Equal(3, transport.Count);
    }

    [Fact]
    public async Task A_response_arriving_after_the_caller_cancelled_is_observed_once_and_discarded()
    {
        var release = new TaskCompletionSource();
        var transport = new StubTransport(Replies.After(release.Task, Replies.Ok("{}", ("X-Session-Expires-At", "2026-11-23T13:00:00Z"))), Replies.Ok());
        var observed = 0;
        using var client = Clients.Build(transport, observer: (_, _) => { Interlocked.Increment(ref observed); return ValueTask.CompletedTask; });
        using var caller = new CancellationTokenSource();

        var call = client.HttpClient.GetAsync("api/v1/things", caller.Token);
        await transport.WaitForAsync(1);
        caller.Cancel();
        release.SetResult();

        var error = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => call);

        Assert.Equal(caller.Token, error.CancellationToken);
        Assert.Equal(1, observed);
        Assert.Equal(DateTimeOffset.Parse("2026-11-23T13:00:00Z"), client.Session.ExpiresAt);
        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task The_deadline_aborts_the_attempt_in_flight_and_raises_the_timeout_error()
    {
        var transport = new StubTransport(Replies.Hang());
        using var client = Clients.Build(transport, Clients.Fast with { TotalTimeout = TimeSpan.FromMilliseconds(300) });
        var watch = Stopwatch.StartNew();

        var error = await Assert.ThrowsAsync<VersoTimeoutException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.True(error.WholeCall);
        Assert.Equal(TimeSpan.FromMilliseconds(300), error.Timeout);
        Assert.InRange(watch.Elapsed, TimeSpan.FromMilliseconds(250), TimeSpan.FromSeconds(3));
        Assert.True(transport.Requests[0].Token.IsCancellationRequested);
        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task The_deadline_covers_all_attempts_together()
    {
        var clock = new ManualClock();
        var transport = new StubTransport(Replies.Status(503, headers: ("Retry-After", "4")), Replies.Hang());
        var options = Clients.Fast with
        {
            TimeProvider = clock, TotalTimeout = TimeSpan.FromSeconds(10), AttemptTimeout = TimeSpan.FromSeconds(8),
            MaxDelay = TimeSpan.FromSeconds(30),
        };
        using var client = Clients.Build(transport, options);

        var call = client.HttpClient.GetAsync("api/v1/things");
        await clock.WaitForTimerAsync(TimeSpan.FromSeconds(4));
        clock.Advance(TimeSpan.FromSeconds(4));
        await transport.WaitForAsync(2);
        // The second attempt's own 8 s timeout has not run out, but 4 + 6 = 10 s of the call's budget has.
        clock.Advance(TimeSpan.FromSeconds(6));

        var error = await Assert.ThrowsAsync<VersoTimeoutException>(() => call.WaitAsync(TimeSpan.FromSeconds(5)));

        Assert.True(error.WholeCall);
        Assert.Equal(2, transport.Count);
    }

    [Fact]
    public async Task A_wait_that_would_outlast_the_deadline_is_not_started_and_the_real_failure_surfaces()
    {
        var transport = new StubTransport(Replies.Problem(503, """{"title":"Unavailable","detail":"down for maintenance"}""", ("Retry-After", "20")));
        using var client = Clients.Build(transport, Clients.Fast with { TotalTimeout = TimeSpan.FromSeconds(5), MaxDelay = TimeSpan.FromSeconds(30) });
        var watch = Stopwatch.StartNew();

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Equal("down for maintenance", error.Message);
        Assert.True(watch.Elapsed < TimeSpan.FromSeconds(2));
        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task A_response_arriving_after_the_deadline_is_observed_once_and_discarded()
    {
        var release = new TaskCompletionSource();
        var transport = new StubTransport(Replies.After(release.Task, Replies.Ok()));
        var observed = 0;
        using var client = Clients.Build(
            transport,
            Clients.Fast with { TotalTimeout = TimeSpan.FromMilliseconds(200) },
            observer: (_, _) => { Interlocked.Increment(ref observed); return ValueTask.CompletedTask; });

        var call = client.HttpClient.GetAsync("api/v1/things");
        await transport.WaitForAsync(1);
        await Task.Delay(400);
        release.SetResult();

        await Assert.ThrowsAsync<VersoTimeoutException>(() => call);
        Assert.Equal(1, observed);
        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task A_write_cancelled_by_the_caller_surfaces_as_cancellation_not_as_a_transport_error()
    {
        var transport = new StubTransport(Replies.Hang());
        using var client = Clients.Build(transport);
        using var caller = new CancellationTokenSource();

        var call = client.HttpClient.PostAsync("api/v1/things", new StringContent("{}"), caller.Token);
        await transport.WaitForAsync(1);
        caller.Cancel();

        var error = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => call);
        Assert.Equal(caller.Token, error.CancellationToken);
    }

    [Fact]
    public async Task A_budget_below_Pollys_own_timeout_minimum_is_honoured_exactly()
    {
        // Polly's TimeoutStrategyOptions.Timeout refuses values under 10 ms; the pipeline passes the budget through a
        // generator so any positive budget applies as configured (not a fallback default).
        var transport = new StubTransport(Replies.Hang());
        using var client = Clients.Build(transport, Clients.Fast with { TotalTimeout = TimeSpan.FromMilliseconds(5) });

        var error = await Assert.ThrowsAsync<VersoTimeoutException>(() => client.HttpClient.GetAsync("api/v1/things").Within());

        Assert.True(error.WholeCall);
        Assert.Equal(TimeSpan.FromMilliseconds(5), error.Timeout);
    }

    [Fact]
    public async Task Without_a_budget_the_attempt_timeout_still_applies()
    {
        var transport = new StubTransport(Replies.Hang());
        using var client = Clients.Build(transport, Clients.Fast with
        {
            TotalTimeout = Timeout.InfiniteTimeSpan, AttemptTimeout = TimeSpan.FromMilliseconds(50), MaxAttempts = 2,
        });

        var error = await Assert.ThrowsAsync<VersoTimeoutException>(() => client.HttpClient.GetAsync("api/v1/things").Within());

        Assert.False(error.WholeCall);
        Assert.Equal(2, transport.Count);
    }
}
