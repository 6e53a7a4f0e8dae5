using System.Collections.Concurrent;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Microsoft.Extensions.Caching.Distributed;
using Verso.Client.Caching;
using static Verso.Client.Tests.Caching.CacheHarness;

namespace Verso.Client.Tests.Caching;

/// <summary>
/// The IDistributedCache backend's own promises: JSON values under keys that hash the partition, a generation key
/// per prefix, partition and workspace (30 days) that a workspace bust rewrites, entries shared between processes
/// (two caches over one backing store) with invalidations seen across them, and fail-open: a throwing backend never
/// fails a read (every read reaches the API), writes and invalidations are best effort, and only the caller's own
/// cancellation gets through.
/// </summary>
public class DistributedContentCacheTests
{
    private static string Sha256(string s) => Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(s))).ToLowerInvariant();

    /// <summary>A real MemoryDistributedCache that records what is written to it.</summary>
    private sealed class Recording(IDistributedCache inner) : IDistributedCache
    {
        public ConcurrentDictionary<string, (byte[] Value, DistributedCacheEntryOptions Options)> Writes { get; } = new();

        public byte[]? Get(string key) => inner.Get(key);

        public Task<byte[]?> GetAsync(string key, CancellationToken token = default) => inner.GetAsync(key, token);

        public void Refresh(string key) => inner.Refresh(key);

        public Task RefreshAsync(string key, CancellationToken token = default) => inner.RefreshAsync(key, token);

        public void Remove(string key) => inner.Remove(key);

        public Task RemoveAsync(string key, CancellationToken token = default) => inner.RemoveAsync(key, token);

        public void Set(string key, byte[] value, DistributedCacheEntryOptions options) => throw new InvalidOperationException("the cache writes asynchronously");

        public Task SetAsync(string key, byte[] value, DistributedCacheEntryOptions options, CancellationToken token = default)
        {
            Writes[key] = (value, options);
            return inner.SetAsync(key, value, options, token);
        }
    }

    /// <summary>A backend that is down: every call fails (or, with <c>hang</c>, waits until the caller cancels).</summary>
    private sealed class Broken(bool hang = false, bool readsWork = false, IDistributedCache? inner = null) : IDistributedCache
    {
        public int Calls;

        private async Task<T> Fail<T>(CancellationToken token)
        {
            Interlocked.Increment(ref Calls);
            if (hang) await Task.Delay(Timeout.Infinite, token);
            throw new IOException("redis: connection refused");
        }

        public byte[]? Get(string key) => throw new IOException("sync");

        public Task<byte[]?> GetAsync(string key, CancellationToken token = default) => readsWork ? inner!.GetAsync(key, token) : Fail<byte[]?>(token);

        public void Refresh(string key) => throw new IOException("sync");

        public Task RefreshAsync(string key, CancellationToken token = default) => Fail<bool>(token);

        public void Remove(string key) => throw new IOException("sync");

        public Task RemoveAsync(string key, CancellationToken token = default) => Fail<bool>(token);

        public void Set(string key, byte[] value, DistributedCacheEntryOptions options) => throw new IOException("sync");

        public Task SetAsync(string key, byte[] value, DistributedCacheEntryOptions options, CancellationToken token = default) => Fail<bool>(token);
    }

    [Fact]
    public async Task Values_are_JSON_under_keys_that_hash_the_partition_with_thirty_day_generations_per_workspace()
    {
        using var h = Create(Backend.Distributed);
        var ws = h.Api.Workspace;
        var id = h.Api.Add("secret-launch");
        var store = new Recording(h.Distributed!);
        var cache = h.Sibling("tenant-42:readers", distributed: store);
        await cache.GetContentBySlugAsync(ws, "secret-launch");
        await cache.GetContentAsync(ws, id);
        await cache.ListContentAsync(ws);

        Assert.All(store.Writes.Keys, k => Assert.DoesNotContain("tenant-42", k));
        Assert.All(store.Writes.Keys, k => Assert.DoesNotContain("secret-launch", k));
        var entries = store.Writes.Where(w => w.Key.Contains('@')).ToList();
        Assert.Equal(3, entries.Count);
        Assert.All(entries, e => Assert.StartsWith($"verso:content:{Sha256("tenant-42:readers")}:{ws}:", e.Key));

        // Generations: the workspace's, its lists', and the item's (by id, and linked from the by-slug entry).
        var generations = store.Writes.Where(w => !w.Key.Contains('@')).ToList();
        Assert.Equal(
            new[] { $"verso:content:{ws}:generation", $"verso:content:{ws}:item:{id}:generation", $"verso:content:{ws}:lists:generation" },
            generations.Select(g => g.Key).Order(StringComparer.Ordinal));
        Assert.All(generations, g => Assert.Equal(TimeSpan.FromDays(30), g.Value.Options.AbsoluteExpirationRelativeToNow));
        var generation = store.Writes[$"verso:content:{ws}:generation"];
        var generationValue = Encoding.UTF8.GetString(generation.Value);
        Assert.All(entries, e => Assert.Contains("@" + generationValue + ".", e.Key));
        Assert.All(entries, e => Assert.Equal(TimeSpan.FromMinutes(5), e.Value.Options.AbsoluteExpirationRelativeToNow));
        Assert.All(entries, e => Assert.Null(e.Value.Options.SlidingExpiration));

        var slugEntry = entries.Single(e => e.Key.StartsWith(cache.KeyForSlug(ws, "secret-launch").ToString() + "@", StringComparison.Ordinal));
        using var json = JsonDocument.Parse(slugEntry.Value.Value);
        Assert.Equal(Encoding.UTF8.GetString(store.Writes[$"verso:content:{ws}:item:{id}:generation"].Value),
            json.RootElement.GetProperty("items").GetProperty(id.ToString()).GetString());
        Assert.Equal("Published", json.RootElement.GetProperty("value").GetProperty("status").GetString());
        Assert.Equal("secret-launch v1", json.RootElement.GetProperty("value").GetProperty("fields")[0].GetProperty("textValue").GetString());

        // A workspace bust writes a new generation; the old entries are no longer reached.
        await cache.InvalidateWorkspaceAsync(ws);
        Assert.NotEqual(generationValue, Encoding.UTF8.GetString(store.Writes[$"verso:content:{ws}:generation"].Value));
        await cache.GetContentBySlugAsync(ws, "secret-launch");
        Assert.Equal(4, h.Api.Count);
    }

    [Fact]
    public async Task A_value_read_back_from_JSON_equals_what_the_API_returned()
    {
        using var h = Create(Backend.Distributed);
        var ws = h.Api.Workspace;
        var id = h.Api.Add("a");
        var fetched = await h.Cache.GetContentBySlugAsync(ws, "a");
        var cached = await h.Cache.GetContentBySlugAsync(ws, "a");
        Assert.NotSame(fetched, cached);
        Assert.Equal(JsonSerializer.Serialize(fetched), JsonSerializer.Serialize(cached));
        Assert.Equal((id, Generated.ContentStatus.Published), (cached.ContentItemId, cached.Status));
        var list = await h.Cache.ListContentAsync(ws);
        Assert.Equal(JsonSerializer.Serialize(list), JsonSerializer.Serialize(await h.Cache.ListContentAsync(ws)));
        Assert.Equal(2, h.Api.Count);
    }

    [Fact]
    public async Task Two_processes_sharing_the_backend_share_entries_and_see_each_others_invalidations()
    {
        using var h = Create(Backend.Distributed);
        var ws = h.Api.Workspace;
        var a = h.Api.Add("a");
        var other = h.Sibling(); // its own store: no shared single flight or sequence, only the backend
        await h.Cache.GetContentBySlugAsync(ws, "a");
        await h.Cache.GetContentAsync(ws, a);
        await h.Cache.ListContentAsync(ws);
        await other.GetContentBySlugAsync(ws, "a");
        await other.GetContentAsync(ws, a);
        await other.ListContentAsync(ws);
        Assert.Equal(3, h.Api.Count);

        h.Api.Publish(a);
        await other.InvalidateContentItemAsync(ws, a);
        Assert.Equal("a v2", Title(await h.Cache.GetContentBySlugAsync(ws, "a")));
        Assert.Equal(2, (await h.Cache.GetContentAsync(ws, a)).CurrentlyServingVersion!.VersionNumber);
        Assert.Equal(2, (await h.Cache.ListContentAsync(ws)).Items.Single().CurrentlyServingVersion!.VersionNumber);
        Assert.Equal(6, h.Api.Count);

        await other.InvalidateAsync(other.KeyForContent(ws, a));
        await h.Cache.GetContentAsync(ws, a);
        Assert.Equal(7, h.Api.Count);
    }

    [Fact]
    public async Task A_failing_backend_fails_open_every_read_reaches_the_API_and_nothing_throws()
    {
        using var h = Create(Backend.Distributed);
        var ws = h.Api.Workspace;
        var a = h.Api.Add("a");
        var failures = new ConcurrentQueue<Exception>();
        var broken = new Broken();
        var cache = h.Sibling(configure: o => o.OnBackendFailure = e =>
        {
            failures.Enqueue(e);
            throw new InvalidOperationException("a failing observer changes nothing");
        }, distributed: broken);
        for (var i = 0; i < 3; i++)
        {
            Assert.Equal("a v1", Title(await cache.GetContentBySlugAsync(ws, "a")));
            Assert.Equal(a, (await cache.GetContentAsync(ws, a)).Id);
            Assert.Single((await cache.ListContentAsync(ws)).Items);
        }
        Assert.Equal(9, h.Api.Count);
        await cache.InvalidateAsync(cache.KeyForSlug(ws, "a"));
        await cache.InvalidateContentItemAsync(ws, a);
        await cache.InvalidateWorkspaceAsync(ws);
        Assert.True(broken.Calls >= 12, $"backend calls: {broken.Calls}");
        Assert.Equal(12, failures.Count); // 9 lookups, 3 invalidations
        Assert.All(failures, e => Assert.IsType<IOException>(e));
    }

    [Fact]
    public async Task A_backend_that_reads_but_cannot_write_still_answers_every_read()
    {
        using var h = Create(Backend.Distributed);
        var ws = h.Api.Workspace;
        h.Api.Add("a");
        var failures = 0;
        var cache = h.Sibling(configure: o => o.OnBackendFailure = _ => Interlocked.Increment(ref failures), distributed: new Broken(readsWork: true, inner: h.Distributed));
        Assert.Equal("a v1", Title(await cache.GetContentBySlugAsync(ws, "a")));
        Assert.Equal("a v1", Title(await cache.GetContentBySlugAsync(ws, "a")));
        Assert.Equal(2, h.Api.Count);
        Assert.Equal(2, failures); // the generation could not be created, twice
    }

    [Fact]
    public async Task The_callers_cancellation_is_not_mistaken_for_a_backend_failure()
    {
        using var h = Create(Backend.Distributed);
        h.Api.Add("a");
        var failures = 0;
        var cache = h.Sibling(configure: o => o.OnBackendFailure = _ => failures++, distributed: new Broken(hang: true));
        using var cts = new CancellationTokenSource(TimeSpan.FromMilliseconds(100));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => cache.GetContentBySlugAsync(h.Api.Workspace, "a", cancellationToken: cts.Token));
        Assert.Equal(0, h.Api.Count);
        Assert.Equal(0, failures);
    }

    [Fact]
    public async Task A_damaged_entry_is_a_miss_that_the_next_read_overwrites()
    {
        using var h = Create(Backend.Distributed);
        var ws = h.Api.Workspace;
        h.Api.Add("a");
        var store = new Recording(h.Distributed!);
        var failures = new List<Exception>();
        var cache = h.Sibling(configure: o => o.OnBackendFailure = failures.Add, distributed: store);
        await cache.GetContentBySlugAsync(ws, "a");
        var entry = store.Writes.Keys.Single(k => k.Contains('@'));
        await h.Distributed!.SetAsync(entry, "not json"u8.ToArray(), new DistributedCacheEntryOptions());
        Assert.Equal("a v1", Title(await cache.GetContentBySlugAsync(ws, "a")));
        Assert.Equal("a v1", Title(await cache.GetContentBySlugAsync(ws, "a")));
        Assert.Equal(2, h.Api.Count);
        Assert.IsAssignableFrom<JsonException>(Assert.Single(failures));
    }
}
