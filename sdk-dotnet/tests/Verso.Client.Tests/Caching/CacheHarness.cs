using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.Internal;
using Microsoft.Extensions.Options;
using Verso.Client.Caching;
using Verso.Client.Generated;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.Caching;

public enum Backend
{
    Memory,
    Distributed,
}

/// <summary>The clock both Microsoft caches read for absolute expiry.</summary>
internal sealed class TestClock : ISystemClock
{
    public DateTimeOffset UtcNow { get; private set; } = new(2026, 11, 23, 12, 0, 0, TimeSpan.Zero);

    public void Advance(TimeSpan by) => UtcNow += by;
}

/// <summary>A cache of either backend over a <see cref="ContentApi"/>, with a manual clock; <see cref="Sibling"/> gives
/// another cache on the same backing store (another partition, or another process sharing a distributed cache).</summary>
internal sealed class CacheHarness : IDisposable
{
    private readonly List<IDisposable> _owned = [];

    private CacheHarness(Backend backend, ContentApi api)
    {
        Backend = backend;
        Api = api;
        if (backend == Backend.Memory)
        {
            Memory = new MemoryCache(new MemoryCacheOptions { Clock = Clock });
            _owned.Add(Memory);
        }
        else
        {
            Distributed = new MemoryDistributedCache(Microsoft.Extensions.Options.Options.Create(new MemoryDistributedCacheOptions { Clock = Clock }));
        }
    }

    public Backend Backend { get; }

    public ContentApi Api { get; }

    public TestClock Clock { get; } = new();

    public MemoryCache? Memory { get; }

    public MemoryDistributedCache? Distributed { get; }

    /// <summary>What <see cref="Cache"/>'s partition provider returns (tests switch it to act as another audience).</summary>
    public string Partition { get; set; } = "public-site";

    public VersoContentCache Cache { get; private set; } = null!;

    public static CacheHarness Create(Backend backend, string partition = "public-site", Action<VersoContentCacheOptions>? configure = null, ContentApi? api = null)
    {
        var harness = new CacheHarness(backend, api ?? new ContentApi()) { Partition = partition };
        harness.Cache = harness.Build(() => harness.Partition, configure, null);
        return harness;
    }

    public static VersoContentCacheOptions Options(string partition, Action<VersoContentCacheOptions>? configure = null)
    {
        var options = new VersoContentCacheOptions { PartitionProvider = () => partition };
        configure?.Invoke(options);
        return options;
    }

    /// <summary>A new cache (its own store, like another process) on the same backing cache and API.</summary>
    public VersoContentCache Sibling(string partition = "public-site", Action<VersoContentCacheOptions>? configure = null, IDistributedCache? distributed = null) =>
        Build(() => partition, configure, distributed);

    private VersoContentCache Build(Func<string> partition, Action<VersoContentCacheOptions>? configure, IDistributedCache? distributed)
    {
        var options = new VersoContentCacheOptions { PartitionProvider = partition };
        configure?.Invoke(options);
        var client = new VersoClientBuilder(Clients.BaseUrl).WithTransport(Api.Transport, disposeWithClient: false).WithResilience(Clients.Fast).Build();
        _owned.Add(client);
        return Backend == Backend.Memory
            ? VersoContentCache.InMemory(client, Memory!, options)
            : VersoContentCache.Distributed(client, distributed ?? Distributed!, options);
    }

    public static string Title(ContentVersionDetailResponse version) => version.Fields.Single(f => f.Key == "title").TextValue!;

    public void Dispose()
    {
        foreach (var owned in _owned) owned.Dispose();
    }
}
