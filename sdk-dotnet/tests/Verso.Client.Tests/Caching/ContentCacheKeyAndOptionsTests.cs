using System.Security.Cryptography;
using System.Text;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.Options;
using Verso.Client.Caching;
using Verso.Client.Generated;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.Caching;

/// <summary>Keys (<c>prefix:sha256(partition):workspaceId:value</c>, the raw partition and slug never in them) and
/// the options' validation: the partition provider is mandatory and expiries are positive.</summary>
public class ContentCacheKeyAndOptionsTests
{
    private static readonly Guid Ws = Guid.Parse("8d8526c6-ec83-4618-9204-857f24b025e0");
    private static readonly Guid Id = Guid.Parse("01a215ce-7165-7240-b9a3-8c1a2fc47a88");

    private static string Sha256(string s) => Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(s))).ToLowerInvariant();

    private static VersoContentCache Cache(string partition = "public-site", Action<VersoContentCacheOptions>? configure = null, ContentApi? api = null)
    {
        var client = new VersoClientBuilder(Clients.BaseUrl).WithTransport((api ?? new ContentApi()).Transport).WithResilience(Clients.Fast).Build();
        return VersoContentCache.InMemory(client, new MemoryCache(new MemoryCacheOptions()), CacheHarness.Options(partition, configure));
    }

    [Fact]
    public void Keys_are_prefix_hashed_partition_workspace_and_value()
    {
        var cache = Cache();
        var p = Sha256("public-site");
        Assert.Equal($"verso:content:{p}:{Ws}:item:{Id}", cache.KeyForContent(Ws, Id).ToString());
        Assert.Equal($"verso:content:{p}:{Ws}:version:{Id}:3:default", cache.KeyForVersion(Ws, Id, 3).ToString());
        Assert.Equal($"verso:content:{p}:{Ws}:version:{Id}:3:false", cache.KeyForVersion(Ws, Id, 3, expandChildren: false).ToString());
        Assert.Matches($"^verso:content:{p}:{Ws}:slug:[0-9a-f]{{64}}$", cache.KeyForSlug(Ws, "launch-plans").ToString());
        Assert.Matches($"^verso:content:{p}:{Ws}:list:[0-9a-f]{{64}}$", cache.KeyForList(Ws).ToString());
        Assert.DoesNotContain("launch-plans", cache.KeyForSlug(Ws, "launch-plans").ToString());
        Assert.Equal($"site-a:{p}:{Ws}:item:{Id}", Cache(configure: o => o.KeyPrefix = "site-a").KeyForContent(Ws, Id).ToString());

        var key = cache.KeyForSlug(Ws, "launch-plans");
        Assert.Equal((Ws, VersoContentCacheEntryKind.Slug, (Guid?)null), (key.WorkspaceId, key.Kind, key.ContentItemId));
        Assert.Equal((VersoContentCacheEntryKind.Content, (Guid?)Id), (cache.KeyForContent(Ws, Id).Kind, cache.KeyForContent(Ws, Id).ContentItemId));
    }

    [Fact]
    public void The_raw_partition_never_appears_and_partitions_never_share_a_key()
    {
        var a = Cache("role:editor");
        var b = Cache("role:reader");
        Assert.DoesNotContain("role", a.KeyForContent(Ws, Id).ToString());
        Assert.Contains(Sha256("role:editor"), a.KeyForContent(Ws, Id).ToString());
        Assert.NotEqual(a.KeyForContent(Ws, Id), b.KeyForContent(Ws, Id));
        Assert.NotEqual(a.KeyForSlug(Ws, "x"), b.KeyForSlug(Ws, "x"));
        Assert.NotEqual(a.KeyForList(Ws), b.KeyForList(Ws));
        Assert.Equal(a.KeyForContent(Ws, Id), Cache("role:editor").KeyForContent(Ws, Id));
    }

    [Fact]
    public void Slug_and_list_keys_change_with_every_parameter_and_only_with_them()
    {
        var cache = Cache();
        var at = new DateTimeOffset(2026, 11, 26, 5, 0, 0, TimeSpan.Zero);
        var slugKeys = new[]
        {
            cache.KeyForSlug(Ws, "a"), cache.KeyForSlug(Ws, "b"), cache.KeyForSlug(Ws, "a", at), cache.KeyForSlug(Ws, "a", expandChildren: true),
            cache.KeyForSlug(Ws, "a", expandChildren: false), cache.KeyForSlug(Guid.NewGuid(), "a"),
        };
        Assert.Equal(slugKeys.Length, slugKeys.Distinct().Count());
        Assert.Equal(cache.KeyForSlug(Ws, "a", at), cache.KeyForSlug(Ws, "a", at.ToOffset(TimeSpan.FromHours(2)))); // one instant

        var query = new VersoContentListQuery { TemplateId = Id, Status = ContentStatus.Published, SortBy = "slug", Page = 2, PageSize = 10, PublishedAfter = at };
        Assert.Equal(cache.KeyForList(Ws, query), cache.KeyForList(Ws, query with { PublishedAfter = at.ToOffset(TimeSpan.FromHours(-5)) }));
        Assert.Equal(cache.KeyForList(Ws), cache.KeyForList(Ws, new VersoContentListQuery()));
        var variants = new[]
        {
            query, query with { Page = 3 }, query with { PageSize = 20 }, query with { SortDesc = true }, query with { Status = ContentStatus.Draft },
            query with { Q = "x" }, query with { Tags = "news" }, query with { Resolve = true }, query with { AsOf = at }, query with { LocaleCode = "fr" },
            query with { TemplateId = null }, query with { Slug = "a" }, query with { PublishedAfter = at.AddTicks(1) },
        };
        Assert.Equal(variants.Length, variants.Select(q => cache.KeyForList(Ws, q)).Distinct().Count());
    }

    [Fact]
    public void A_missing_partition_provider_is_an_options_validation_error_that_says_what_to_set()
    {
        var e = Assert.Throws<OptionsValidationException>(() =>
            VersoContentCache.InMemory(new VersoClientBuilder(Clients.BaseUrl).Build(), new MemoryCache(new MemoryCacheOptions()), new VersoContentCacheOptions()));
        Assert.Equal(typeof(VersoContentCacheOptions), e.OptionsType);
        Assert.Contains("PartitionProvider is required", e.Message);
        Assert.Contains("stable, non-secret", e.Message);

        var distributed = Assert.Throws<OptionsValidationException>(() => VersoContentCache.Distributed(new VersoClientBuilder(Clients.BaseUrl).Build(),
            new Microsoft.Extensions.Caching.Distributed.MemoryDistributedCache(Options.Create(new Microsoft.Extensions.Caching.Memory.MemoryDistributedCacheOptions())),
            new VersoContentCacheOptions()));
        Assert.Contains("PartitionProvider is required", distributed.Message);
    }

    [Fact]
    public void Non_positive_expiries_and_an_empty_prefix_are_refused()
    {
        void Refused(Action<VersoContentCacheOptions> configure, string expected)
        {
            var e = Assert.Throws<OptionsValidationException>(() => Cache(configure: configure));
            Assert.Contains(expected, e.Message);
        }
        Refused(o => o.DefaultAbsoluteExpiration = TimeSpan.Zero, "DefaultAbsoluteExpiration must be greater than zero");
        Refused(o => o.DefaultAbsoluteExpiration = TimeSpan.FromSeconds(-1), "DefaultAbsoluteExpiration must be greater than zero");
        Refused(o => o.GenerationExpiration = TimeSpan.Zero, "GenerationExpiration must be greater than zero");
        Refused(o => o.KeyPrefix = " ", "KeyPrefix must not be empty");
        Assert.Equal(TimeSpan.FromMinutes(5), new VersoContentCacheOptions().DefaultAbsoluteExpiration);
    }

    [Fact]
    public async Task A_provider_returning_no_partition_or_throwing_fails_the_read_before_any_request()
    {
        var api = new ContentApi();
        api.Add("a");
        var blank = Cache("", api: api);
        var e = await Assert.ThrowsAsync<InvalidOperationException>(() => blank.GetContentBySlugAsync(api.Workspace, "a"));
        Assert.Contains("returned no partition", e.Message);

        var client = new VersoClientBuilder(Clients.BaseUrl).WithTransport(api.Transport).WithResilience(Clients.Fast).Build();
        var throwing = VersoContentCache.InMemory(client, new MemoryCache(new MemoryCacheOptions()),
            new VersoContentCacheOptions { PartitionProvider = () => throw new KeyNotFoundException("no audience claim") });
        var thrown = await Assert.ThrowsAsync<InvalidOperationException>(() => throwing.GetContentBySlugAsync(api.Workspace, "a"));
        Assert.IsType<KeyNotFoundException>(thrown.InnerException);
        Assert.Equal(0, api.Count);
    }
}
