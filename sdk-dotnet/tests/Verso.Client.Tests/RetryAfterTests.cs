using System.Diagnostics;
using System.Net;
using Verso.Client.Resilience;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>Spec: honours Retry-After as delta seconds or HTTP-date; otherwise exponential backoff with jitter, capped.</summary>
public class RetryAfterTests
{
    private static VersoResilienceOptions OnClock(ManualClock clock) => Clients.Fast with
    {
        TimeProvider = clock,
        BaseDelay = TimeSpan.FromSeconds(10),
        MaxDelay = TimeSpan.FromSeconds(60),
        TotalTimeout = TimeSpan.FromSeconds(100),
        AttemptTimeout = TimeSpan.FromSeconds(30),
    };

    [Fact]
    public async Task Retry_After_2_waits_exactly_two_seconds_on_the_clock()
    {
        var clock = new ManualClock();
        var transport = new StubTransport(Replies.Status(503, headers: ("Retry-After", "2")), Replies.Ok());
        using var client = Clients.Build(transport, OnClock(clock));

        var call = client.HttpClient.GetAsync("api/v1/things");
        await clock.WaitForTimerAsync(TimeSpan.FromSeconds(2));
        clock.Advance(TimeSpan.FromMilliseconds(1999));
        await Task.Delay(50);
        Assert.Equal(1, transport.Count);

        clock.Advance(TimeSpan.FromMilliseconds(1));
        using var response = await call.WaitAsync(TimeSpan.FromSeconds(5));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(2, transport.Count);
    }

    [Fact]
    public async Task Retry_After_2_waits_about_two_seconds_of_real_time()
    {
        var transport = new StubTransport(Replies.Status(429, headers: ("Retry-After", "2")), Replies.Ok());
        using var client = Clients.Build(transport, Clients.Fast with { MaxDelay = TimeSpan.FromSeconds(30) });
        var watch = Stopwatch.StartNew();

        using var response = await client.HttpClient.GetAsync("api/v1/things");

        Assert.Equal(2, transport.Count);
        Assert.InRange(watch.Elapsed, TimeSpan.FromMilliseconds(1950), TimeSpan.FromSeconds(4));
    }

    [Fact]
    public async Task An_HTTP_date_in_the_past_retries_at_once()
    {
        var clock = new ManualClock();
        var past = clock.GetUtcNow().AddMinutes(-5).ToString("r");
        var transport = new StubTransport(Replies.Status(503, headers: ("Retry-After", past)), Replies.Ok());
        using var client = Clients.Build(transport, OnClock(clock));

        // The clock never moves: only a zero wait lets the second attempt happen (backoff would be 5 s or more).
        using var response = await client.HttpClient.GetAsync("api/v1/things").WaitAsync(TimeSpan.FromSeconds(5));

        Assert.Equal(2, transport.Count);
    }

    [Fact]
    public async Task An_HTTP_date_in_the_future_waits_until_that_date()
    {
        var clock = new ManualClock();
        var at = clock.GetUtcNow().AddSeconds(7).ToString("r");
        var transport = new StubTransport(Replies.Status(503, headers: ("Retry-After", at)), Replies.Ok());
        using var client = Clients.Build(transport, OnClock(clock));

        var call = client.HttpClient.GetAsync("api/v1/things");
        await clock.WaitForTimerAsync(TimeSpan.FromSeconds(7));
        Assert.Equal(1, transport.Count);
        clock.Advance(TimeSpan.FromSeconds(7));
        using var response = await call.WaitAsync(TimeSpan.FromSeconds(5));

        Assert.Equal(2, transport.Count);
    }

    [Fact]
    public async Task A_Retry_After_longer_than_MaxDelay_is_capped()
    {
        var clock = new ManualClock();
        var transport = new StubTransport(Replies.Status(503, headers: ("Retry-After", "3600")), Replies.Ok());
        using var client = Clients.Build(transport, OnClock(clock) with { MaxDelay = TimeSpan.FromSeconds(15) });

        var call = client.HttpClient.GetAsync("api/v1/things");
        await clock.WaitForTimerAsync(TimeSpan.FromSeconds(15));
        clock.Advance(TimeSpan.FromSeconds(15));
        using var response = await call.WaitAsync(TimeSpan.FromSeconds(5));

        Assert.Equal(2, transport.Count);
    }

    [Fact]
    public async Task Without_Retry_After_the_wait_is_jittered_backoff_between_half_and_all_of_the_step()
    {
        var clock = new ManualClock();
        var transport = new StubTransport(Replies.Status(503, headers: ("Retry-After", "soon")), Replies.Ok());
        using var client = Clients.Build(transport, OnClock(clock));

        var call = client.HttpClient.GetAsync("api/v1/things");
        // BaseDelay is 10 s: the first wait is between 5 and 10 s. Nothing happens before 5 s; all is done by 10 s.
        await Task.Delay(100);
        clock.Advance(TimeSpan.FromMilliseconds(4999));
        await Task.Delay(50);
        Assert.Equal(1, transport.Count);
        clock.Advance(TimeSpan.FromMilliseconds(5001));
        using var response = await call.WaitAsync(TimeSpan.FromSeconds(5));

        Assert.Equal(2, transport.Count);
    }

    [Theory]
    [InlineData(1, 0.0, 50)]
    [InlineData(1, 0.999999, 100)]
    [InlineData(2, 0.0, 100)]
    [InlineData(3, 0.5, 300)]
    [InlineData(10, 0.0, 500)]
    [InlineData(10, 0.999999, 1000)]
    public void Backoff_doubles_per_attempt_with_half_of_it_jittered_and_is_capped(int failedAttempts, double random, double expectedMs)
    {
        var delay = RetryDelay.Backoff(failedAttempts, TimeSpan.FromMilliseconds(100), TimeSpan.FromSeconds(1), random);

        Assert.Equal(expectedMs, delay.TotalMilliseconds, precision: 0);
    }

    [Fact]
    public void Retry_After_delta_and_dates_are_read_against_the_given_clock()
    {
        var now = new DateTimeOffset(2026, 11, 23, 12, 0, 0, TimeSpan.Zero);
        HttpResponseMessage With(string value) => Replies.Response(503, null, "application/json", ("Retry-After", value));

        Assert.Equal(TimeSpan.FromSeconds(2), RetryDelay.FromRetryAfter(With("2"), now));
        Assert.Equal(TimeSpan.Zero, RetryDelay.FromRetryAfter(With("0"), now));
        Assert.Equal(TimeSpan.FromSeconds(30), RetryDelay.FromRetryAfter(With(now.AddSeconds(30).ToString("r")), now));
        Assert.Equal(TimeSpan.Zero, RetryDelay.FromRetryAfter(With(now.AddDays(-1).ToString("r")), now));
        Assert.Null(RetryDelay.FromRetryAfter(With("-3"), now));
        Assert.Null(RetryDelay.FromRetryAfter(With("tomorrow-ish"), now));
        Assert.Null(RetryDelay.FromRetryAfter(Replies.Response(503, null, "application/json"), now));
    }
}
