using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Verso.Client.Caching;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.Caching;

/// <summary>AddVersoContentMemoryCache / AddVersoContentDistributedCache in a real container: the VersoClient comes from
/// the container, every resolved reader and invalidator shares one store, and bad options fail with the validator's
/// message.</summary>
public class ContentCacheRegistrationTests
{
    private static ServiceCollection WithClient(ContentApi api)
    {
        var services = new ServiceCollection();
        // The application's own VersoClient registration (AddVersoClient in an application).
        services.AddSingleton(_ => new VersoClientBuilder(Clients.BaseUrl).WithTransport(api.Transport, disposeWithClient: false).WithResilience(Clients.Fast).Build());
        return services;
    }

    [Fact]
    public async Task The_memory_registration_resolves_readers_and_invalidators_that_share_one_store()
    {
        var api = new ContentApi();
        var a = api.Add("a");
        var services = WithClient(api);
        services.AddVersoContentMemoryCache(o => o.PartitionProvider = () => "public-site");
        await using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });

        var reader = provider.GetRequiredService<IVersoContentCache>();
        await reader.GetContentBySlugAsync(api.Workspace, "a");
        await provider.GetRequiredService<IVersoContentCache>().GetContentBySlugAsync(api.Workspace, "a");
        Assert.Equal(1, api.Count);

        api.Publish(a);
        await provider.GetRequiredService<IVersoContentCacheInvalidator>().InvalidateContentItemAsync(api.Workspace, a);
        Assert.Equal("a v2", CacheHarness.Title(await reader.GetContentBySlugAsync(api.Workspace, "a")));
        Assert.Equal(2, api.Count);
        Assert.Same(provider.GetRequiredService<VersoContentCache>().Store, ((VersoContentCache)reader).Store);
    }

    [Fact]
    public async Task The_distributed_registration_uses_the_hosts_IDistributedCache()
    {
        var api = new ContentApi();
        api.Add("a");
        var services = WithClient(api);
        services.AddDistributedMemoryCache();
        services.AddVersoContentDistributedCache(o => o.PartitionProvider = () => "public-site");
        await using var provider = services.BuildServiceProvider();
        await provider.GetRequiredService<IVersoContentCache>().ListContentAsync(api.Workspace);
        await provider.GetRequiredService<IVersoContentCache>().ListContentAsync(api.Workspace);
        Assert.Equal(1, api.Count);
        Assert.IsType<MemoryDistributedCache>(provider.GetRequiredService<IDistributedCache>());
    }

    [Fact]
    public void Without_a_partition_provider_resolution_and_start_up_validation_fail_with_the_validators_message()
    {
        var services = WithClient(new ContentApi());
        services.AddVersoContentMemoryCache(o => o.KeyPrefix = "site");
        using var provider = services.BuildServiceProvider();
        var e = Assert.Throws<OptionsValidationException>(() => provider.GetRequiredService<IVersoContentCache>());
        Assert.Contains("PartitionProvider is required", e.Message);
        // What a host runs at start-up (ValidateOnStart).
        var startup = Assert.Throws<OptionsValidationException>(() => provider.GetRequiredService<IStartupValidator>().Validate());
        Assert.Contains("PartitionProvider is required", startup.Message);
    }

    [Fact]
    public void The_distributed_registration_without_an_IDistributedCache_says_what_to_register()
    {
        var services = WithClient(new ContentApi());
        services.AddVersoContentDistributedCache(o => o.PartitionProvider = () => "public-site");
        using var provider = services.BuildServiceProvider();
        var e = Assert.Throws<InvalidOperationException>(() => provider.GetRequiredService<IVersoContentCacheInvalidator>());
        Assert.Contains("needs an IDistributedCache", e.Message);
    }
}
