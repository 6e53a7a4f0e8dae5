using Microsoft.Extensions.DependencyInjection;
using Verso.Client.Caching;

namespace Verso.Client.Tests.Caching;

/// <summary>The cache registrations on top of services.AddVersoClient: the VersoClient the cache reads through is the
/// registration's (its handler chain, its shared pipeline).</summary>
public class ContentCacheWithAddVersoClientTests
{
    [Theory]
    [InlineData(Backend.Memory)]
    [InlineData(Backend.Distributed)]
    public async Task The_cache_reads_through_the_client_AddVersoClient_registers(Backend backend)
    {
        var api = new ContentApi();
        var a = api.Add("a");
        var services = new ServiceCollection();
        services.AddVersoClient(o => o.BaseUrl = Support.Clients.BaseUrl).ConfigurePrimaryHttpMessageHandler(() => api.Transport);
        if (backend == Backend.Memory)
        {
            services.AddVersoContentMemoryCache(o => o.PartitionProvider = () => "public-site");
        }
        else
        {
            services.AddDistributedMemoryCache();
            services.AddVersoContentDistributedCache(o => o.PartitionProvider = () => "public-site");
        }
        await using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });
        using (var scope = provider.CreateScope())
        {
            await scope.ServiceProvider.GetRequiredService<IVersoContentCache>().GetContentBySlugAsync(api.Workspace, "a");
        }
        using (var scope = provider.CreateScope())
        {
            var cache = scope.ServiceProvider.GetRequiredService<IVersoContentCache>();
            Assert.Equal("a v1", CacheHarness.Title(await cache.GetContentBySlugAsync(api.Workspace, "a")));
            Assert.Equal(1, api.Count);
            api.Publish(a);
            await scope.ServiceProvider.GetRequiredService<IVersoContentCacheInvalidator>().InvalidateContentItemAsync(api.Workspace, a);
            Assert.Equal("a v2", CacheHarness.Title(await cache.GetContentBySlugAsync(api.Workspace, "a")));
            Assert.Equal(2, api.Count);
        }
    }
}
