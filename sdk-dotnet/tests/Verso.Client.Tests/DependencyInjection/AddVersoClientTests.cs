using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Verso.Client.Errors;
using Verso.Client.Resilience;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.DependencyInjection;

/// <summary>services.AddVersoClient: a real container and IHttpClientFactory, the stub as the primary handler.</summary>
public class AddVersoClientTests
{
    private static ServiceProvider Provider(Action<IServiceCollection> register)
    {
        var services = new ServiceCollection();
        register(services);
        return services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });
    }

    [Fact]
    public async Task VersoClient_resolves_from_the_provider_and_sends_through_the_registered_primary_handler()
    {
        var transport = new StubTransport(Replies.Ok("""{"status":"Healthy"}"""));
        using var provider = Provider(s => s
            .AddVersoClient(o => { o.BaseUrl = Clients.BaseUrl; o.ApiToken = "verso_id_secret"; })
            .ConfigurePrimaryHttpMessageHandler(() => transport));

        using var scope = provider.CreateScope();
        var client = scope.ServiceProvider.GetRequiredService<VersoClient>();
        await client.Api.GetHealthLiveAsync();

        Assert.Equal(1, transport.Count);
        Assert.Equal("Bearer verso_id_secret", transport.Requests[0].Authorization);
        Assert.Equal(Clients.BaseUrl + "/health/live", transport.Requests[0].Uri.ToString());
        Assert.NotSame(client, scope.ServiceProvider.GetRequiredService<VersoClient>());
    }

    [Fact]
    public async Task A_handler_added_to_the_returned_builder_runs_once_per_attempt_under_the_retries()
    {
        var transport = new StubTransport(Replies.Status(503), Replies.Ok());
        var counting = new CountingHandler();
        using var provider = Provider(s => s
            .AddVersoClient(o => { o.BaseUrl = Clients.BaseUrl; o.Resilience = Clients.Fast; })
            .AddHttpMessageHandler(() => counting)
            .ConfigurePrimaryHttpMessageHandler(() => transport));

        using var scope = provider.CreateScope();
        using var response = await scope.ServiceProvider.GetRequiredService<VersoClient>().HttpClient.GetAsync("api/v1/things");

        Assert.Equal(2, counting.Seen);
        Assert.Equal(2, transport.Count);
    }

    [Fact]
    public void Invalid_options_fail_at_first_resolve_with_a_message_naming_the_setting()
    {
        using var provider = Provider(s => s.AddVersoClient(o => o.Resilience = new VersoResilienceOptions { MaxAttempts = 0 }));

        var error = Assert.Throws<OptionsValidationException>(() => provider.GetRequiredService<VersoClient>());

        Assert.Contains("Verso client 'Verso.Client': BaseUrl is required", error.Message);
        Assert.Contains("Resilience.MaxAttempts: MaxAttempts must be at least 1", error.Message);
    }

    [Fact]
    public void A_host_validates_the_options_at_start_before_any_client_is_resolved()
    {
        using var provider = Provider(s => s.AddVersoClient("cms", o => o.Resilience = new VersoResilienceOptions { CircuitFailureRatio = 2 }));

        // What the generic host runs when it starts (ValidateOnStart).
        var error = Assert.Throws<OptionsValidationException>(() => provider.GetRequiredService<IStartupValidator>().Validate());

        Assert.Contains("Verso client 'cms': BaseUrl is required", error.Message);
        Assert.Contains("Resilience.CircuitFailureRatio: CircuitFailureRatio must be greater than 0 and at most 1.", error.Message);
    }

    [Fact]
    public void A_base_URL_with_a_query_is_refused_at_first_resolve()
    {
        using var provider = Provider(s => s.AddVersoClient("cms", o => o.BaseUrl = "https://cms.example/?tenant=1"));

        var error = Assert.Throws<OptionsValidationException>(() => provider.GetRequiredService<VersoClientFactory>().CreateClient("cms"));

        Assert.Contains("Verso client 'cms': BaseUrl must be an absolute http or https URL without query or fragment.", error.Message);
    }

    [Fact]
    public async Task Options_bind_from_configuration()
    {
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["Verso:BaseUrl"] = "https://gateway.example/cms",
            ["Verso:ApiToken"] = "verso_abc_def",
            ["Verso:TrackETags"] = "false",
            ["Verso:Resilience:MaxAttempts"] = "4",
            ["Verso:Resilience:TotalTimeout"] = "00:00:20",
            ["Verso:Resilience:AttemptTimeout"] = "00:00:05",
            ["Verso:Resilience:BaseDelay"] = "00:00:00.001",
            ["Verso:Resilience:MaxDelay"] = "00:00:00.010",
            ["Verso:Resilience:RetryableStatusCodes:0"] = "503",
            ["Verso:Resilience:RetryableStatusCodes:1"] = "418",
            ["Verso:Resilience:CircuitFailureRatio"] = "0.75",
            ["Verso:Resilience:CircuitMinimumThroughput"] = "10",
            ["Verso:Resilience:CircuitSamplingDuration"] = "00:01:00",
            ["Verso:Resilience:CircuitBreakDuration"] = "00:00:45",
        }).Build();
        var transport = new StubTransport(Replies.Status(418), Replies.Status(503), Replies.Status(502), Replies.Ok());
        using var provider = Provider(s => s.AddVersoClient(configuration.GetSection("Verso")).ConfigurePrimaryHttpMessageHandler(() => transport));

        var factory = provider.GetRequiredService<VersoClientFactory>();
        using var client = factory.CreateClient();
        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));

        // 418 and 503 are the configured retryable set (replacing the defaults): 502 is final.
        Assert.Equal(502, error.Status);
        Assert.Equal(3, transport.Count);
        Assert.Equal("Bearer verso_abc_def", transport.Requests[0].Authorization);
        Assert.StartsWith("https://gateway.example/cms/", transport.Requests[0].Uri.ToString());
        var options = factory.GetPipeline().Options;
        Assert.Equal(4, options.MaxAttempts);
        Assert.Equal(TimeSpan.FromSeconds(20), options.TotalTimeout);
        Assert.Equal(TimeSpan.FromSeconds(5), options.AttemptTimeout);
        Assert.Equal([418, 503], options.RetryableStatusCodes.Order());
        Assert.Equal(0.75, options.CircuitFailureRatio);
        Assert.Equal(10, options.CircuitMinimumThroughput);
        Assert.Equal(TimeSpan.FromMinutes(1), options.CircuitSamplingDuration);
        Assert.Equal(TimeSpan.FromSeconds(45), options.CircuitBreakDuration);
        Assert.Equal(VersoClientOptions.DefaultName, options.PipelineName);
    }

    [Fact]
    public void Configuration_without_a_resilience_section_keeps_the_defaults()
    {
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["Verso:BaseUrl"] = "https://cms.example",
        }).Build();
        using var provider = Provider(s => s.AddVersoClient(configuration.GetSection("Verso")));

        var options = provider.GetRequiredService<VersoClientFactory>().GetPipeline().Options;

        Assert.Equal(new VersoResilienceOptions().MaxAttempts, options.MaxAttempts);
        Assert.Equal(VersoResilienceOptions.DefaultRetryableStatusCodes.Order(), options.RetryableStatusCodes.Order());
        Assert.True(options.CircuitEnabled);
    }

    [Fact]
    public async Task Every_client_of_one_registration_shares_one_circuit_and_two_registrations_stay_independent()
    {
        var failing = new StubTransport(Replies.Status(503));
        var other = new StubTransport(Replies.Ok());
        var circuit = Clients.Fast with { MaxAttempts = 1, CircuitEnabled = true, CircuitMinimumThroughput = 4, CircuitFailureRatio = 0.5 };
        using var provider = Provider(s =>
        {
            s.AddVersoClient(o => { o.BaseUrl = Clients.BaseUrl; o.Resilience = circuit; }).ConfigurePrimaryHttpMessageHandler(() => failing);
            s.AddVersoClient("other", o => { o.BaseUrl = Clients.BaseUrl; o.Resilience = circuit; }).ConfigurePrimaryHttpMessageHandler(() => other);
        });

        // Four clients (each resolved in its own scope, as per-request clients are), one failure each.
        for (var i = 0; i < 4; i++)
        {
            using var scope = provider.CreateScope();
            var client = scope.ServiceProvider.GetRequiredService<VersoClient>();
            await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things").Within());
        }

        using (var scope = provider.CreateScope())
        {
            var fifth = scope.ServiceProvider.GetRequiredService<VersoClient>();
            await Assert.ThrowsAsync<VersoCircuitOpenException>(() => fifth.HttpClient.GetAsync("api/v1/things").Within());
            Assert.Equal(VersoCircuitState.Open, fifth.CircuitState);
        }
        var factory = provider.GetRequiredService<VersoClientFactory>();
        using var fromOther = factory.CreateClient("other");
        using var response = await fromOther.HttpClient.GetAsync("api/v1/things").Within();

        Assert.Equal(4, failing.Count);
        Assert.Equal(1, other.Count);
        Assert.Equal(VersoCircuitState.Open, factory.GetPipeline().CircuitState);
        Assert.Equal(VersoCircuitState.Closed, factory.GetPipeline("other").CircuitState);
        Assert.Same(factory.GetPipeline(), factory.GetPipeline(VersoClientOptions.DefaultName));
        Assert.Equal("other", factory.GetPipeline("other").Name);
    }

    [Fact]
    public async Task The_resilience_options_are_captured_once_per_registration()
    {
        var transport = new StubTransport(Replies.Status(503));
        using var provider = Provider(s => s
            .AddVersoClient(o => { o.BaseUrl = Clients.BaseUrl; o.Resilience = Clients.Fast with { MaxAttempts = 2 }; })
            .ConfigurePrimaryHttpMessageHandler(() => transport));
        var factory = provider.GetRequiredService<VersoClientFactory>();
        using var first = factory.CreateClient();

        // A later change to the options object the registration holds changes nothing.
        provider.GetRequiredService<IOptionsMonitor<VersoClientOptions>>().Get(VersoClientOptions.DefaultName).Resilience = Clients.Fast with { MaxAttempts = 5 };
        using var second = factory.CreateClient();
        await Assert.ThrowsAsync<VersoApiException>(() => second.HttpClient.GetAsync("api/v1/things"));

        Assert.Equal(2, transport.Count);
    }

    [Fact]
    public async Task A_per_client_token_provider_wins_over_the_registrations_token()
    {
        var transport = new StubTransport(Replies.Ok());
        using var provider = Provider(s => s
            .AddVersoClient(o => { o.BaseUrl = Clients.BaseUrl; o.ApiToken = "shared"; })
            .ConfigurePrimaryHttpMessageHandler(() => transport));

        using var client = provider.GetRequiredService<VersoClientFactory>().CreateClient(tokenProvider: _ => ValueTask.FromResult<string?>("user-7"));
        using var response = await client.HttpClient.GetAsync("api/v1/auth/me");

        Assert.Equal("Bearer user-7", transport.Requests[0].Authorization);
    }

    private sealed class CountingHandler : DelegatingHandler
    {
        private int _seen;

        public int Seen => Volatile.Read(ref _seen);

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            Interlocked.Increment(ref _seen);
            return base.SendAsync(request, cancellationToken);
        }
    }
}
