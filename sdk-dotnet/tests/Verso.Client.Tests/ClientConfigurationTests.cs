using Verso.Client.Errors;
using Verso.Client.Resilience;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>Construction: base URL, tokens, origin pinning, and options fixed when the client is built.</summary>
public class ClientConfigurationTests
{
    [Fact]
    public async Task Options_changed_after_the_client_was_built_change_nothing()
    {
        var statuses = new HashSet<int> { 503 };
        var options = Clients.Fast with { RetryableStatusCodes = statuses };
        var transport = new StubTransport(Replies.Status(404), Replies.Ok());
        using var client = Clients.Build(transport, options);

        statuses.Add(404);

        await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));
        Assert.Equal(1, transport.Count);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    public void Invalid_options_are_rejected_when_building(int attempts)
    {
        var builder = new VersoClientBuilder(Clients.BaseUrl).WithResilience(new VersoResilienceOptions { MaxAttempts = attempts });

        Assert.Throws<ArgumentOutOfRangeException>(() => builder.Build());
    }

    [Fact]
    public async Task A_request_to_another_origin_fails_before_anything_is_sent()
    {
        var transport = new StubTransport(Replies.Ok());
        using var client = Clients.Build(transport, tokens: _ => ValueTask.FromResult<string?>("verso_a_b"));

        await Assert.ThrowsAsync<InvalidOperationException>(() => client.HttpClient.GetAsync("https://evil.example/api/v1/things"));
        await Assert.ThrowsAsync<InvalidOperationException>(() => client.HttpClient.GetAsync("http://api.verso.test/api/v1/things"));

        Assert.Equal(0, transport.Count);
    }

    [Fact]
    public async Task An_absolute_URL_on_the_same_origin_is_allowed()
    {
        var transport = new StubTransport(Replies.Ok());
        using var client = Clients.Build(transport);

        using var response = await client.HttpClient.GetAsync(Clients.BaseUrl + "/api/v1/things");

        Assert.Equal(1, transport.Count);
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("   ")]
    public async Task No_Authorization_header_is_sent_without_a_token(string? token)
    {
        var transport = new StubTransport(Replies.Ok());
        using var client = new VersoClientBuilder(Clients.BaseUrl).WithTransport(transport).WithToken(token).Build();

        using var response = await client.HttpClient.GetAsync("health/live");

        Assert.Null(transport.Requests[0].Authorization);
        Assert.NotNull(transport.Requests[0].CorrelationId);
    }

    [Fact]
    public async Task An_API_client_token_is_sent_verbatim()
    {
        const string token = "verso_01J9Z8Q4T2_Zx9+/aB==.~";
        var transport = new StubTransport(Replies.Ok());
        using var client = new VersoClientBuilder(Clients.BaseUrl).WithTransport(transport).WithToken(token).Build();

        using var response = await client.HttpClient.GetAsync("api/v1/auth/me");

        Assert.Equal("Bearer " + token, transport.Requests[0].Authorization);
    }

    [Fact]
    public async Task The_token_provider_wins_over_an_earlier_static_token()
    {
        var transport = new StubTransport(Replies.Ok());
        using var client = new VersoClientBuilder(Clients.BaseUrl)
            .WithTransport(transport)
            .WithToken("static")
            .WithTokenProvider(_ => ValueTask.FromResult<string?>("dynamic"))
            .Build();

        using var response = await client.HttpClient.GetAsync("api/v1/auth/me");

        Assert.Equal("Bearer dynamic", transport.Requests[0].Authorization);
    }

    [Fact]
    public async Task The_token_provider_receives_the_calls_cancellation()
    {
        var transport = new StubTransport(Replies.Ok());
        var providerStarted = new TaskCompletionSource();
        using var caller = new CancellationTokenSource();
        using var client = Clients.Build(transport, tokens: async ct =>
        {
            providerStarted.SetResult();
            await Task.Delay(Timeout.Infinite, ct);
            return "never";
        });

        var call = client.HttpClient.GetAsync("api/v1/auth/me", caller.Token);
        await providerStarted.Task;
        caller.Cancel();

        var error = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => call.WaitAsync(TimeSpan.FromSeconds(5)));
        Assert.Equal(caller.Token, error.CancellationToken);
        Assert.Equal(0, transport.Count);
    }

    [Fact]
    public async Task A_caller_supplied_Authorization_or_correlation_header_is_replaced_not_duplicated()
    {
        var transport = new StubTransport(Replies.Ok());
        using var client = Clients.Build(transport, tokens: _ => ValueTask.FromResult<string?>("fresh"));
        using var request = new HttpRequestMessage(HttpMethod.Get, "api/v1/things");
        request.Headers.TryAddWithoutValidation("Authorization", "Bearer stale");
        request.Headers.TryAddWithoutValidation("X-Correlation-Id", "caller-id");

        using var response = await client.HttpClient.SendAsync(request);

        Assert.Equal("Bearer fresh", transport.Requests[0].Authorization);
        Assert.NotEqual("caller-id", transport.Requests[0].CorrelationId);
        Assert.DoesNotContain(",", transport.Requests[0].CorrelationId);
    }

    [Fact]
    public async Task A_base_URL_with_a_path_prefix_keeps_it()
    {
        var transport = new StubTransport(Replies.Ok("""{"status":"Healthy"}"""));
        using var client = new VersoClientBuilder("https://gateway.example/cms").WithTransport(transport).Build();

        await client.Api.GetHealthLiveAsync();

        Assert.Equal("https://gateway.example/cms/health/live", transport.Requests[0].Uri.ToString());
    }

    [Theory]
    [InlineData("ftp://cms.example")]
    [InlineData("https://cms.example/?tenant=1")]
    public void A_base_URL_that_is_not_a_plain_http_origin_is_rejected(string url)
    {
        Assert.Throws<ArgumentException>(() => new VersoClientBuilder(url));
    }

    [Fact]
    public async Task Disposing_a_client_leaves_a_shared_transport_usable()
    {
        var transport = new StubTransport(Replies.Ok());
        var first = new VersoClientBuilder(Clients.BaseUrl).WithTransport(transport, disposeWithClient: false).Build();
        first.Dispose();
        using var second = new VersoClientBuilder(Clients.BaseUrl).WithTransport(transport, disposeWithClient: false).Build();

        using var response = await second.HttpClient.GetAsync("health/live");

        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task A_failing_token_provider_surfaces_unchanged_without_retries_or_circuit_accounting()
    {
        var transport = new StubTransport(Replies.Ok());
        var thrown = new HttpRequestException("the secret store is unreachable");
        using var client = Clients.Build(
            transport,
            Clients.Fast with { CircuitEnabled = true, CircuitMinimumThroughput = 2, CircuitFailureRatio = 0.1 },
            tokens: _ => throw thrown);

        for (var i = 0; i < 3; i++) Assert.Same(thrown, await Assert.ThrowsAsync<HttpRequestException>(() => client.HttpClient.GetAsync("api/v1/auth/me")));

        Assert.Equal(0, transport.Count);
        Assert.Equal(VersoCircuitState.Closed, client.CircuitState);
    }

    [Fact]
    public void The_documented_defaults_hold()
    {
        var options = new VersoResilienceOptions();

        Assert.Equal(3, options.MaxAttempts);
        Assert.Equal(TimeSpan.FromMilliseconds(100), options.BaseDelay);
        Assert.Equal(TimeSpan.FromSeconds(30), options.MaxDelay);
        Assert.Equal(TimeSpan.FromSeconds(100), options.TotalTimeout);
        Assert.Equal([408, 429, 500, 502, 503, 504], options.RetryableStatusCodes.Order());
    }
}
