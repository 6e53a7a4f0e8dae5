using Verso.Client.Errors;
using Verso.Client.Resilience;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>The circuit opens after N consecutive transient failures, fails fast without sending while open, and
/// half-opens after the break to let one probe decide.</summary>
public class CircuitBreakerTests
{
    private static VersoResilienceOptions Circuit(ManualClock clock) => Clients.Fast with
    {
        TimeProvider = clock,
        MaxAttempts = 1,
        CircuitFailureThreshold = 3,
        CircuitBreakDuration = TimeSpan.FromSeconds(30),
    };

    [Fact]
    public async Task Opens_after_three_consecutive_transient_failures_and_then_fails_fast_without_sending()
    {
        var clock = new ManualClock();
        var transport = new StubTransport(Replies.Status(503));
        using var client = Clients.Build(transport, Circuit(clock));

        for (var i = 0; i < 3; i++) await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things").Within());
        Assert.Equal(VersoCircuitState.Open, client.CircuitState);

        var error = await Assert.ThrowsAsync<VersoCircuitOpenException>(() => client.HttpClient.GetAsync("api/v1/things").Within());

        Assert.Equal(TimeSpan.FromSeconds(30), error.RetryAfter);
        Assert.Equal(3, transport.Count);
    }

    [Fact]
    public async Task Retries_of_one_call_count_as_separate_failures()
    {
        // Real clock here: the backoff between the attempts must elapse on its own.
        var transport = new StubTransport(Replies.ConnectionRefused());
        using var client = Clients.Build(transport, Clients.Fast with { MaxAttempts = 3, CircuitFailureThreshold = 3 });

        await Assert.ThrowsAsync<HttpRequestException>(() => client.HttpClient.GetAsync("api/v1/things").Within());

        Assert.Equal(VersoCircuitState.Open, client.CircuitState);
    }

    [Fact]
    public async Task Half_opens_after_the_break_and_a_successful_probe_closes_it()
    {
        var clock = new ManualClock();
        var transport = new StubTransport(Replies.Status(503), Replies.Status(503), Replies.Status(503), Replies.Ok());
        using var client = Clients.Build(transport, Circuit(clock));
        for (var i = 0; i < 3; i++) await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things").Within());

        clock.Advance(TimeSpan.FromSeconds(29));
        await Assert.ThrowsAsync<VersoCircuitOpenException>(() => client.HttpClient.GetAsync("api/v1/things").Within());
        clock.Advance(TimeSpan.FromSeconds(1));
        Assert.Equal(VersoCircuitState.HalfOpen, client.CircuitState);

        using var probe = await client.HttpClient.GetAsync("api/v1/things");

        Assert.Equal(VersoCircuitState.Closed, client.CircuitState);
        Assert.Equal(4, transport.Count);
    }

    [Fact]
    public async Task A_failed_probe_opens_the_circuit_for_another_break()
    {
        var clock = new ManualClock();
        var transport = new StubTransport(Replies.Status(503));
        using var client = Clients.Build(transport, Circuit(clock));
        for (var i = 0; i < 3; i++) await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things").Within());
        clock.Advance(TimeSpan.FromSeconds(30));

        await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things").Within());

        Assert.Equal(VersoCircuitState.Open, client.CircuitState);
        await Assert.ThrowsAsync<VersoCircuitOpenException>(() => client.HttpClient.GetAsync("api/v1/things").Within());
        Assert.Equal(4, transport.Count);
    }

    [Fact]
    public async Task While_the_probe_is_in_flight_other_calls_fail_fast()
    {
        var clock = new ManualClock();
        var release = new TaskCompletionSource();
        var transport = new StubTransport(
            Replies.Status(503), Replies.Status(503), Replies.Status(503), Replies.After(release.Task, Replies.Ok()));
        using var client = Clients.Build(transport, Circuit(clock));
        for (var i = 0; i < 3; i++) await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things").Within());
        clock.Advance(TimeSpan.FromSeconds(30));

        var probe = client.HttpClient.GetAsync("api/v1/things");
        await transport.WaitForAsync(4);
        await Assert.ThrowsAsync<VersoCircuitOpenException>(() => client.HttpClient.GetAsync("api/v1/things").Within());
        release.SetResult();
        using var response = await probe;

        Assert.Equal(VersoCircuitState.Closed, client.CircuitState);
        Assert.Equal(4, transport.Count);
    }

    [Fact]
    public async Task A_non_transient_answer_resets_the_count_of_consecutive_failures()
    {
        var clock = new ManualClock();
        var transport = new StubTransport(
            Replies.Status(503), Replies.Status(503), Replies.Status(404), Replies.Status(503), Replies.Status(503));
        using var client = Clients.Build(transport, Circuit(clock));

        for (var i = 0; i < 5; i++) await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things").Within());

        Assert.Equal(VersoCircuitState.Closed, client.CircuitState);
    }

    [Fact]
    public async Task Writes_count_too_because_the_circuit_tracks_the_server_not_the_method()
    {
        var clock = new ManualClock();
        var transport = new StubTransport(Replies.Status(502));
        using var client = Clients.Build(transport, Circuit(clock));

        for (var i = 0; i < 3; i++) await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.PostAsync("api/v1/things", new StringContent("{}")).Within());

        await Assert.ThrowsAsync<VersoCircuitOpenException>(() => client.HttpClient.GetAsync("api/v1/things").Within());
        Assert.Equal(3, transport.Count);
    }

    [Fact]
    public async Task Each_client_has_its_own_circuit()
    {
        var clock = new ManualClock();
        var failing = new StubTransport(Replies.Status(503));
        var healthy = new StubTransport(Replies.Ok());
        using var first = Clients.Build(failing, Circuit(clock));
        using var second = Clients.Build(healthy, Circuit(clock));

        for (var i = 0; i < 3; i++) await Assert.ThrowsAsync<VersoApiException>(() => first.HttpClient.GetAsync("api/v1/things").Within());
        using var response = await second.HttpClient.GetAsync("api/v1/things");

        Assert.Equal(VersoCircuitState.Open, first.CircuitState);
        Assert.Equal(VersoCircuitState.Closed, second.CircuitState);
    }
}
