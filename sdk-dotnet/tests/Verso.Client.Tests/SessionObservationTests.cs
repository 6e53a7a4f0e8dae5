using Verso.Client.Errors;
using Verso.Client.Resilience;
using Verso.Client.Session;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>Spec: the response observer records the newest X-Session-Expires-At per circuit; concurrent circuits keep
/// isolated tokens. Here a "circuit" (a user scope) is one VersoClient.</summary>
public class SessionObservationTests
{
    [Fact]
    public void The_newest_expiry_wins_and_an_older_one_never_replaces_it()
    {
        var tracker = new SessionExpiryTracker();
        Assert.Null(tracker.ExpiresAt);

        tracker.Record(DateTimeOffset.Parse("2026-11-23T12:30:00Z"));
        tracker.Record(DateTimeOffset.Parse("2026-11-23T12:10:00Z"));
        Assert.Equal(DateTimeOffset.Parse("2026-11-23T12:30:00Z"), tracker.ExpiresAt);

        // Compared as instants, not as text: 13:45+02:00 is 11:45Z, older than 12:30Z.
        tracker.Record(DateTimeOffset.Parse("2026-11-23T13:45:00+02:00"));
        Assert.Equal(DateTimeOffset.Parse("2026-11-23T12:30:00Z"), tracker.ExpiresAt);

        tracker.Record(DateTimeOffset.Parse("2026-11-23T12:31:00Z"));
        Assert.Equal(DateTimeOffset.Parse("2026-11-23T12:31:00Z"), tracker.ExpiresAt);
    }

    [Fact]
    public async Task The_client_records_the_header_from_responses_and_ignores_unreadable_values()
    {
        var transport = new StubTransport(
            Replies.Ok("{}", ("X-Session-Expires-At", "2026-11-23T12:30:00.000Z")),
            Replies.Ok("{}", ("X-Session-Expires-At", "not a date")),
            Replies.Ok("{}"));
        using var client = Clients.Build(transport);

        for (var i = 0; i < 3; i++) (await client.HttpClient.GetAsync("api/v1/auth/me")).Dispose();

        Assert.Equal(DateTimeOffset.Parse("2026-11-23T12:30:00Z"), client.Session.ExpiresAt);
    }

    [Fact]
    public async Task The_observer_sees_every_response_once_including_retried_and_failed_ones()
    {
        var transport = new StubTransport(Replies.Status(503), Replies.Status(500), Replies.Status(404));
        var statuses = new List<int>();
        using var client = Clients.Build(transport, observer: (response, _) =>
        {
            lock (statuses) statuses.Add((int)response.StatusCode);
            return ValueTask.CompletedTask;
        });

        await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Equal([503, 500, 404], statuses);
    }

    [Fact]
    public async Task An_observer_exception_stops_retrying_and_propagates_unchanged()
    {
        var transport = new StubTransport(Replies.Status(503), Replies.Ok());
        var thrown = new InvalidOperationException("observer says no");
        using var client = Clients.Build(transport, observer: (_, _) => throw thrown);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Same(thrown, error);
        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task Concurrent_clients_keep_their_own_tokens_and_their_own_session_expiry()
    {
        // One shared transport plays the server: it answers each request with an expiry derived from the token that
        // request carried, so any crossing of tokens or trackers between clients would show.
        var baseTime = DateTimeOffset.Parse("2026-11-23T12:00:00Z");
        var transport = new StubTransport(async (request, _) =>
        {
            await Task.Yield();
            var token = request.Authorization!["Bearer ".Length..];
            var (user, n) = (token.Split('-')[0], int.Parse(token.Split('-')[1]));
            var offset = user == "alice" ? n : 1000 + n;
            return Replies.Response(200, "{}", "application/json", ("X-Session-Expires-At", baseTime.AddMinutes(offset).ToString("O")));
        });

        VersoClient ScopeFor(string user)
        {
            var counter = 0;
            return new VersoClientBuilder(Clients.BaseUrl)
                .WithTransport(transport, disposeWithClient: false)
                .WithResilience(Clients.Fast)
                .WithTokenProvider(_ => ValueTask.FromResult<string?>($"{user}-{Interlocked.Increment(ref counter)}"))
                .Build();
        }

        using var alice = ScopeFor("alice");
        using var bob = ScopeFor("bob");
        var calls = Enumerable.Range(0, 40).SelectMany(_ => new[]
        {
            Task.Run(async () => (await alice.HttpClient.GetAsync("api/v1/auth/me")).Dispose()),
            Task.Run(async () => (await bob.HttpClient.GetAsync("api/v1/auth/me")).Dispose()),
        });
        await Task.WhenAll(calls);

        Assert.Equal(80, transport.Count);
        Assert.Equal(40, transport.Requests.Count(r => r.Authorization!.StartsWith("Bearer alice-")));
        Assert.Equal(40, transport.Requests.Count(r => r.Authorization!.StartsWith("Bearer bob-")));
        Assert.Equal(baseTime.AddMinutes(40), alice.Session.ExpiresAt);
        Assert.Equal(baseTime.AddMinutes(1040), bob.Session.ExpiresAt);
    }

    [Fact]
    public async Task An_observer_throwing_a_transient_looking_exception_is_neither_retried_nor_counted_by_the_circuit()
    {
        var transport = new StubTransport(Replies.Status(503), Replies.Ok());
        var thrown = new HttpRequestException("observer says no");
        var observed = 0;
        using var client = Clients.Build(
            transport,
            Clients.Fast with { CircuitEnabled = true, CircuitMinimumThroughput = 2, CircuitFailureRatio = 0.1 },
            observer: (_, _) => { Interlocked.Increment(ref observed); throw thrown; });

        for (var i = 0; i < 3; i++)
        {
            var error = await Assert.ThrowsAsync<HttpRequestException>(() => client.HttpClient.GetAsync("api/v1/auth/me"));
            Assert.Same(thrown, error);
        }

        Assert.Equal(3, observed);
        Assert.Equal(3, transport.Count);
        Assert.Equal(VersoCircuitState.Closed, client.CircuitState);
    }
}
