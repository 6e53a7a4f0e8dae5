using Microsoft.Extensions.Caching.Memory;
using Verso.Client.Caching;
using static Verso.Client.Tests.Caching.CacheHarness;

namespace Verso.Client.Tests.Caching;

/// <summary>The IMemoryCache backend's own promises: entries under the documented keys in the host's cache (one with
/// a size limit included), holding the response object itself.</summary>
public class MemoryContentCacheTests
{
    [Fact]
    public async Task Entries_live_in_the_hosts_memory_cache_under_the_documented_keys()
    {
        using var h = Create(Backend.Memory);
        var ws = h.Api.Workspace;
        var id = h.Api.Add("a");
        var fetched = await h.Cache.GetContentBySlugAsync(ws, "a");
        var item = await h.Cache.GetContentAsync(ws, id);
        var memory = h.Memory!;
        Assert.Same(fetched, memory.Get(h.Cache.KeyForSlug(ws, "a").ToString()));
        Assert.Same(item, memory.Get(h.Cache.KeyForContent(ws, id).ToString()));
        Assert.Same(fetched, await h.Cache.GetContentBySlugAsync(ws, "a"));
        Assert.Equal(2, memory.Count);

        await h.Cache.InvalidateContentItemAsync(ws, id);
        Assert.Null(memory.Get(h.Cache.KeyForSlug(ws, "a").ToString()));
        Assert.Null(memory.Get(h.Cache.KeyForContent(ws, id).ToString()));
    }

    [Fact]
    public async Task A_host_cache_with_a_size_limit_accepts_the_entries()
    {
        var api = new ContentApi();
        api.Add("a");
        using var memory = new MemoryCache(new MemoryCacheOptions { SizeLimit = 10, TrackStatistics = true });
        using var client = new VersoClientBuilder(Support.Clients.BaseUrl).WithTransport(api.Transport).WithResilience(Support.Clients.Fast).Build();
        var cache = VersoContentCache.InMemory(client, memory, Options("public-site"));
        await cache.GetContentBySlugAsync(api.Workspace, "a");
        await cache.GetContentBySlugAsync(api.Workspace, "a");
        Assert.Equal(1, api.Count);
        Assert.Equal(1, memory.GetCurrentStatistics()!.CurrentEstimatedSize);
    }
}
