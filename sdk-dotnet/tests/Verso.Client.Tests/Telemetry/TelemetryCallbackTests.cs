using System.Collections.Concurrent;
using Verso.Client.Errors;
using Verso.Client.Resilience;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.Telemetry;

/// <summary>Spec item 36: OnRetry, OnTimeout and OnCircuitStateChanged get only pipeline name, attempt, status, failure
/// category and delay (and the state); a throwing callback never changes the call's outcome.</summary>
public class TelemetryCallbackTests
{
    private const string Token = "verso_secretid_supersecret";

    [Fact]
    public async Task OnRetry_reports_each_failed_attempt_with_status_category_and_the_exact_wait()
    {
        var clock = new ManualClock();
        var events = new ConcurrentQueue<VersoRetryEvent>();
        var transport = new StubTransport(Replies.Status(503, headers: ("Retry-After", "2")), Replies.ConnectionRefused(), Replies.Ok());
        var options = Clients.Fast with
        {
            TimeProvider = clock, PipelineName = "site", BaseDelay = TimeSpan.FromSeconds(4), MaxDelay = TimeSpan.FromSeconds(30),
            TotalTimeout = TimeSpan.FromSeconds(60), OnRetry = events.Enqueue,
        };
        using var client = Clients.Build(transport, options, tokens: _ => ValueTask.FromResult<string?>(Token));

        var call = client.HttpClient.GetAsync("api/v1/things?q=private");
        await clock.WaitForTimerAsync(TimeSpan.FromSeconds(2));
        clock.Advance(TimeSpan.FromSeconds(2));
        await transport.WaitForAsync(2);
        // Backoff after the transport failure: between 4 and 8 s (attempt 2: 4 s × 2, half of it jittered).
        clock.Advance(TimeSpan.FromSeconds(8));
        using var response = await call.Within();

        var list = events.ToList();
        Assert.Equal(2, list.Count);
        Assert.Equal(new VersoRetryEvent("site", 1, 503, VersoFailureCategory.Status, TimeSpan.FromSeconds(2)), list[0]);
        Assert.Equal(("site", 2, (int?)null, VersoFailureCategory.Transport), (list[1].PipelineName, list[1].Attempt, list[1].Status, list[1].FailureCategory));
        Assert.InRange(list[1].Delay, TimeSpan.FromSeconds(4), TimeSpan.FromSeconds(8));
        Assert.All(list, e => Assert.DoesNotContain("supersecret", e.ToString()));
        Assert.All(list, e => Assert.DoesNotContain("private", e.ToString()));
    }

    [Fact]
    public async Task OnTimeout_fires_once_with_the_budget_when_the_call_runs_out_of_time()
    {
        var events = new ConcurrentQueue<VersoTimeoutEvent>();
        var transport = new StubTransport(Replies.Hang());
        using var client = Clients.Build(transport, Clients.Fast with
        {
            PipelineName = "budget", TotalTimeout = TimeSpan.FromMilliseconds(200), OnTimeout = events.Enqueue,
        });

        await Assert.ThrowsAsync<VersoTimeoutException>(() => client.HttpClient.GetAsync("api/v1/things").Within());

        var only = Assert.Single(events);
        Assert.Equal(new VersoTimeoutEvent("budget", 1, null, VersoFailureCategory.Timeout, TimeSpan.FromMilliseconds(200)), only);
    }

    [Fact]
    public async Task OnTimeout_also_fires_for_a_late_response_discarded_after_the_deadline()
    {
        var events = new ConcurrentQueue<VersoTimeoutEvent>();
        var release = new TaskCompletionSource();
        var transport = new StubTransport(Replies.After(release.Task, Replies.Ok()));
        using var client = Clients.Build(transport, Clients.Fast with { TotalTimeout = TimeSpan.FromMilliseconds(150), OnTimeout = events.Enqueue });

        var call = client.HttpClient.GetAsync("api/v1/things");
        await transport.WaitForAsync(1);
        await Task.Delay(300);
        release.SetResult();

        await Assert.ThrowsAsync<VersoTimeoutException>(() => call.Within());
        Assert.Single(events);
    }

    [Fact]
    public async Task OnCircuitStateChanged_reports_open_half_open_and_closed()
    {
        var clock = new ManualClock();
        var events = new ConcurrentQueue<VersoCircuitEvent>();
        var transport = new StubTransport(Replies.Status(503), Replies.Status(503), Replies.Ok());
        using var client = Clients.Build(transport, Clients.Fast with
        {
            TimeProvider = clock, PipelineName = "circuit", MaxAttempts = 1, CircuitEnabled = true, CircuitMinimumThroughput = 2,
            CircuitFailureRatio = 1.0, CircuitBreakDuration = TimeSpan.FromSeconds(10), OnCircuitStateChanged = events.Enqueue,
        });

        for (var i = 0; i < 2; i++) await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things").Within());
        clock.Advance(TimeSpan.FromSeconds(10));
        using var probe = await client.HttpClient.GetAsync("api/v1/things").Within();

        Assert.Equal(
            [
                new VersoCircuitEvent("circuit", VersoCircuitState.Open, 1, 503, VersoFailureCategory.Status, TimeSpan.FromSeconds(10)),
                new VersoCircuitEvent("circuit", VersoCircuitState.HalfOpen, 1, null, null, TimeSpan.Zero),
                new VersoCircuitEvent("circuit", VersoCircuitState.Closed, 1, 200, null, TimeSpan.Zero),
            ],
            events.ToList());
    }

    [Fact]
    public async Task Throwing_callbacks_change_neither_retries_nor_results()
    {
        var transport = new StubTransport(Replies.Status(503), Replies.Status(502), Replies.Ok("""{"ok":true}"""));
        var calls = 0;
        using var client = Clients.Build(transport, Clients.Fast with
        {
            OnRetry = _ => { Interlocked.Increment(ref calls); throw new InvalidOperationException("telemetry is down"); },
        });

        var body = await client.HttpClient.GetStringAsync("api/v1/things").Within();

        Assert.Equal("""{"ok":true}""", body);
        Assert.Equal(3, transport.Count);
        Assert.Equal(2, calls);
    }

    [Fact]
    public async Task A_throwing_OnTimeout_still_ends_the_call_with_the_timeout_error()
    {
        var transport = new StubTransport(Replies.Hang());
        using var client = Clients.Build(transport, Clients.Fast with
        {
            TotalTimeout = TimeSpan.FromMilliseconds(150), OnTimeout = _ => throw new InvalidOperationException("boom"),
        });

        var error = await Assert.ThrowsAsync<VersoTimeoutException>(() => client.HttpClient.GetAsync("api/v1/things").Within());

        Assert.True(error.WholeCall);
    }

    [Fact]
    public async Task A_throwing_OnCircuitStateChanged_still_opens_the_circuit_and_returns_the_real_errors()
    {
        var transport = new StubTransport(Replies.Status(503));
        using var client = Clients.Build(transport, Clients.Fast with
        {
            MaxAttempts = 1, CircuitEnabled = true, CircuitMinimumThroughput = 2, CircuitFailureRatio = 1.0,
            OnCircuitStateChanged = _ => throw new InvalidOperationException("boom"),
        });

        var first = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things").Within());
        var second = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things").Within());
        await Assert.ThrowsAsync<VersoCircuitOpenException>(() => client.HttpClient.GetAsync("api/v1/things").Within());

        Assert.Equal(503, first.Status);
        Assert.Equal(503, second.Status);
        Assert.Equal(VersoCircuitState.Open, client.CircuitState);
        Assert.Equal(2, transport.Count);
    }

    [Theory]
    [InlineData(typeof(VersoRetryEvent), "PipelineName,Attempt,Status,FailureCategory,Delay")]
    [InlineData(typeof(VersoTimeoutEvent), "PipelineName,Attempt,Status,FailureCategory,Timeout")]
    [InlineData(typeof(VersoCircuitEvent), "PipelineName,State,Attempt,Status,FailureCategory,Delay")]
    public void Events_carry_nothing_but_the_allowed_fields(Type eventType, string fields)
    {
        var names = eventType.GetProperties().Select(p => p.Name).Where(n => n != "EqualityContract");

        Assert.Equal(fields.Split(',').Order(), names.Order());
    }
}
