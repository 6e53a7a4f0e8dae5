using Verso.Client.Caching;
using Verso.Client.Errors;
using Verso.Client.Tests.Support;
using static Verso.Client.Tests.Caching.CacheHarness;

namespace Verso.Client.Tests.Caching;

/// <summary>
/// What both backends promise, each test run on IMemoryCache and on IDistributedCache (MemoryDistributedCache, the
/// real in-process implementation): one API call per entry, partitions apart, exact-key, item and workspace
/// invalidation each forcing exactly the fetches they should, absolute per-call expiry, errors not cached, single
/// flight, and an invalidation during an in-flight read keeping that read out of the cache.
/// </summary>
public class ContentCacheBehaviourTests
{
    public static TheoryData<Backend> Backends => new() { Backend.Memory, Backend.Distributed };

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task Each_read_calls_the_API_once_then_is_served_from_the_cache(Backend backend)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        var id = h.Api.Add("hello");
        for (var i = 0; i < 3; i++)
        {
            Assert.Equal("hello v1", Title(await h.Cache.GetContentBySlugAsync(ws, "hello")));
            Assert.Equal(id, (await h.Cache.GetContentAsync(ws, id)).Id);
            Assert.Equal(1, (await h.Cache.GetContentVersionAsync(ws, id, 1, expandChildren: false)).VersionNumber);
            Assert.Equal(id, Assert.Single((await h.Cache.ListContentAsync(ws)).Items).Id);
        }
        Assert.Equal(
            [$"/api/v1/workspaces/{ws}/content/by-slug/hello", $"/api/v1/workspaces/{ws}/content/{id}",
             $"/api/v1/workspaces/{ws}/content/{id}/versions/1?expandChildren=false", $"/api/v1/workspaces/{ws}/content"],
            h.Api.Seen);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task A_preview_answer_is_never_stored(Backend backend)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        var id = h.Api.Add("draft");
        h.Api.Preview = true;
        for (var i = 0; i < 2; i++)
        {
            Assert.True((await h.Cache.GetContentBySlugAsync(ws, "draft")).IsPreview);
            Assert.True((await h.Cache.GetContentVersionAsync(ws, id, 1)).IsPreview);
            Assert.True(Assert.Single((await h.Cache.ListContentAsync(ws)).Items).IsPreview);
        }
        Assert.Equal(6, h.Api.Count);
        // Published answers are stored as before.
        h.Api.Preview = false;
        await h.Cache.GetContentBySlugAsync(ws, "draft");
        await h.Cache.GetContentBySlugAsync(ws, "draft");
        Assert.Equal(7, h.Api.Count);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task Every_page_of_a_cached_list_through_VersoPaging_is_read_once(Backend backend)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        var ids = new[] { h.Api.Add("a"), h.Api.Add("b") };
        var query = new VersoContentListQuery { PageSize = 20 };
        for (var round = 0; round < 2; round++)
        {
            var seen = new List<Guid>();
            await foreach (var item in Paging.VersoPaging.ListAllAsync<Generated.ContentItemSummaryResponse>(
                async (n, t) => await h.Cache.ListContentAsync(ws, query with { Page = n }, cancellationToken: t)))
            {
                seen.Add(item.Id);
            }
            Assert.Equal(ids.Order(), seen.Order());
        }
        Assert.Equal([$"/api/v1/workspaces/{ws}/content?page=1&pageSize=20"], h.Api.Seen);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task Reads_with_different_parameters_or_partitions_are_different_entries(Backend backend)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        h.Api.Add("hello");
        await h.Cache.GetContentBySlugAsync(ws, "hello");
        await h.Cache.GetContentBySlugAsync(ws, "hello", expandChildren: false);
        await h.Cache.GetContentBySlugAsync(ws, "hello", asOf: DateTimeOffset.UnixEpoch.AddYears(60));
        await h.Cache.ListContentAsync(ws, new VersoContentListQuery { PageSize = 5 });
        await h.Cache.ListContentAsync(ws, new VersoContentListQuery { PageSize = 5, SortBy = "slug" });
        Assert.Equal(5, h.Api.Count);

        var preview = h.Sibling("preview-site");
        await preview.GetContentBySlugAsync(ws, "hello");
        await preview.ListContentAsync(ws, new VersoContentListQuery { PageSize = 5 });
        Assert.Equal(7, h.Api.Count);

        // The same reads again, from both partitions: all cached.
        await h.Cache.GetContentBySlugAsync(ws, "hello", expandChildren: false);
        await h.Cache.ListContentAsync(ws, new VersoContentListQuery { PageSize = 5, SortBy = "slug" });
        await preview.GetContentBySlugAsync(ws, "hello");
        Assert.Equal(7, h.Api.Count);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task Exact_key_invalidation_forces_exactly_one_new_fetch_of_that_entry(Backend backend)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        var a = h.Api.Add("a");
        h.Api.Add("b");
        await h.Cache.GetContentBySlugAsync(ws, "a");
        await h.Cache.GetContentBySlugAsync(ws, "b");
        await h.Cache.GetContentAsync(ws, a);

        h.Api.Publish(a);
        await h.Cache.InvalidateAsync(h.Cache.KeyForSlug(ws, "a"));
        Assert.Equal("a v2", Title(await h.Cache.GetContentBySlugAsync(ws, "a")));
        Assert.Equal("a v2", Title(await h.Cache.GetContentBySlugAsync(ws, "a")));
        Assert.Equal("b v1", Title(await h.Cache.GetContentBySlugAsync(ws, "b")));
        Assert.Equal(1, (await h.Cache.GetContentAsync(ws, a)).CurrentlyServingVersion!.VersionNumber); // its own key: still cached
        Assert.Equal(2, h.Api.CountOf("by-slug/a"));
        Assert.Equal(4, h.Api.Count);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task Item_invalidation_refetches_its_id_version_and_slug_entries_and_the_lists_but_not_other_items(Backend backend)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        var a = h.Api.Add("a");
        var b = h.Api.Add("b");
        async Task ReadAll()
        {
            await h.Cache.GetContentBySlugAsync(ws, "a");
            await h.Cache.GetContentAsync(ws, a);
            await h.Cache.GetContentVersionAsync(ws, a, 1);
            await h.Cache.GetContentBySlugAsync(ws, "b");
            await h.Cache.GetContentAsync(ws, b);
            await h.Cache.ListContentAsync(ws);
        }
        await ReadAll();
        Assert.Equal(6, h.Api.Count);

        h.Api.Publish(a);
        await h.Cache.InvalidateContentItemAsync(ws, a);
        await ReadAll();
        // The by-slug entry was found through the item id its response carried.
        Assert.Equal([2, 2, 2, 1, 1, 2],
            new[] { "content/by-slug/a", $"content/{a}", $"content/{a}/versions/1", "content/by-slug/b", $"content/{b}", "content" }.Select(p => h.Api.Exactly(p)));
        Assert.Equal("a v2", Title(await h.Cache.GetContentBySlugAsync(ws, "a")));
        Assert.Equal(2, (await h.Cache.ListContentAsync(ws)).Items.Single(i => i.Id == a).CurrentlyServingVersion!.VersionNumber);
        Assert.Equal(10, h.Api.Count);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task An_entry_that_expanded_a_child_is_invalidated_with_the_child(Backend backend)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        var parent = h.Api.Add("parent");
        var child = h.Api.Add("child");
        var other = h.Api.Add("other");
        h.Api.Link(parent, child);
        var expanded = await h.Cache.GetContentBySlugAsync(ws, "parent");
        Assert.Equal("child v1", Title(expanded.Fields.Single(f => f.Key == "related").Child!));
        await h.Cache.GetContentBySlugAsync(ws, "parent", expandChildren: false);
        await h.Cache.GetContentVersionAsync(ws, parent, 1);
        await h.Cache.GetContentBySlugAsync(ws, "other");

        h.Api.Publish(child);
        await h.Cache.InvalidateContentItemAsync(ws, child);
        Assert.Equal("child v2", Title((await h.Cache.GetContentBySlugAsync(ws, "parent")).Fields.Single(f => f.Key == "related").Child!));
        Assert.Equal("child v2", Title((await h.Cache.GetContentVersionAsync(ws, parent, 1)).Fields.Single(f => f.Key == "related").Child!));
        Assert.Null((await h.Cache.GetContentBySlugAsync(ws, "parent", expandChildren: false)).Fields.Single(f => f.Key == "related").Child);
        await h.Cache.GetContentBySlugAsync(ws, "other");
        // The two entries that held the child's content were fetched again; the unexpanded one and "other" were not.
        Assert.Equal([2, 1, 2, 1], new[] { "content/by-slug/parent", "content/by-slug/parent?expandChildren=false", $"content/{parent}/versions/1", "content/by-slug/other" }
            .Select(p => h.Api.Exactly(p)));
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task An_expired_or_invalidated_delivery_read_revalidates_with_its_ETag_and_a_304_brings_the_value_back(Backend backend)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        var parent = h.Api.Add("parent");
        var child = h.Api.Add("child");
        h.Api.Link(parent, child);
        var first = await h.Cache.GetContentBySlugAsync(ws, "parent", absoluteExpiration: TimeSpan.FromMinutes(1));
        await h.Cache.ListContentAsync(ws, absoluteExpiration: TimeSpan.FromMinutes(1));
        var item = await h.Cache.GetContentAsync(ws, parent, absoluteExpiration: TimeSpan.FromMinutes(1));

        h.Clock.Advance(TimeSpan.FromSeconds(61)); // expired: asked again with the tag, answered 304
        var again = await h.Cache.GetContentBySlugAsync(ws, "parent", absoluteExpiration: TimeSpan.FromMinutes(1));
        Assert.Equal(Title(first), Title(again));
        await h.Cache.ListContentAsync(ws, absoluteExpiration: TimeSpan.FromMinutes(1));
        await h.Cache.GetContentAsync(ws, parent, absoluteExpiration: TimeSpan.FromMinutes(1)); // no 304 for getContent
        Assert.Equal(2, h.Api.NotModified);
        Assert.Equal([$"\"{parent:N}-1-1\""], h.Api.Transport.Requests.Where(r => r.IfNoneMatch is not null && r.Uri.AbsolutePath.Contains("by-slug")).Select(r => r.IfNoneMatch));
        Assert.DoesNotContain(h.Api.Transport.Requests, r => r.Uri.AbsolutePath.EndsWith(parent.ToString(), StringComparison.Ordinal) && r.IfNoneMatch is not null);

        // Renewed by the 304: a hit again, no request.
        var count = h.Api.Count;
        await h.Cache.GetContentBySlugAsync(ws, "parent", absoluteExpiration: TimeSpan.FromMinutes(1));
        Assert.Equal(count, h.Api.Count);

        // Invalidated without a change: revalidated, 304.
        await h.Cache.InvalidateContentItemAsync(ws, parent);
        await h.Cache.GetContentBySlugAsync(ws, "parent");
        Assert.Equal(3, h.Api.NotModified);

        // Publishing the expanded child changes the parent's tag: the old tag gets the new body.
        h.Api.Publish(child);
        await h.Cache.InvalidateContentItemAsync(ws, child);
        var changed = await h.Cache.GetContentBySlugAsync(ws, "parent");
        Assert.Equal("child v2", Title(changed.Fields.Single(f => f.Key == "related").Child!));
        Assert.Equal(3, h.Api.NotModified);
        Assert.NotNull(item);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task Workspace_invalidation_refetches_every_entry_of_that_workspace_and_no_other(Backend backend)
    {
        using var h = Create(backend);
        var (ws, other) = (h.Api.Workspace, h.Api.OtherWorkspace);
        var a = h.Api.Add("a");
        var x = h.Api.Add("x", workspace: other);
        async Task ReadAll()
        {
            await h.Cache.GetContentBySlugAsync(ws, "a");
            await h.Cache.GetContentAsync(ws, a);
            await h.Cache.ListContentAsync(ws);
            await h.Cache.GetContentBySlugAsync(other, "x");
            await h.Cache.GetContentAsync(other, x);
        }
        await ReadAll();
        await h.Cache.InvalidateWorkspaceAsync(ws);
        await ReadAll();
        Assert.Equal(2, h.Api.Exactly("content/by-slug/a"));
        Assert.Equal(2, h.Api.Exactly($"content/{a}"));
        Assert.Equal(2, h.Api.Exactly("content"));
        Assert.Equal(1, h.Api.Exactly("content/by-slug/x", other));
        Assert.Equal(1, h.Api.Exactly($"content/{x}", other));
        Assert.Equal(8, h.Api.Count);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task Item_and_workspace_invalidations_reach_every_partition_an_exact_key_only_its_own(Backend backend)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        var a = h.Api.Add("a");
        // One cache whose provider answers per caller, as a host's would (here: a variable the test switches).
        async Task ReadAs(string partition)
        {
            h.Partition = partition;
            await h.Cache.GetContentBySlugAsync(ws, "a");
        }
        await ReadAs("public-site");
        await ReadAs("preview-site");

        Assert.Equal(2, h.Api.Count);

        h.Partition = "public-site"; // a webhook handler runs as one audience; content changed for all of them
        await h.Cache.InvalidateWorkspaceAsync(ws);
        await ReadAs("public-site");
        await ReadAs("preview-site");
        Assert.Equal(4, h.Api.Count);

        h.Partition = "preview-site";
        await h.Cache.InvalidateContentItemAsync(ws, a);
        await ReadAs("public-site");
        await ReadAs("preview-site");
        Assert.Equal(6, h.Api.Count);

        h.Partition = "public-site";
        await h.Cache.InvalidateAsync(h.Cache.KeyForSlug(ws, "a"));
        await ReadAs("public-site");
        await ReadAs("preview-site");
        Assert.Equal(7, h.Api.Count);
        Assert.Equal(2 + 2 + 2 + 1, h.Api.Exactly("content/by-slug/a"));
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task Expiry_is_absolute_per_call_with_a_five_minute_default(Backend backend)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        var a = h.Api.Add("a");
        await h.Cache.GetContentBySlugAsync(ws, "a", absoluteExpiration: TimeSpan.FromMinutes(1));
        await h.Cache.GetContentAsync(ws, a); // default expiry

        h.Clock.Advance(TimeSpan.FromSeconds(50));
        await h.Cache.GetContentBySlugAsync(ws, "a", absoluteExpiration: TimeSpan.FromMinutes(1)); // a hit; extends nothing
        Assert.Equal(2, h.Api.Count);
        h.Clock.Advance(TimeSpan.FromSeconds(11)); // 61 s after the read, 11 s after the hit
        await h.Cache.GetContentBySlugAsync(ws, "a", absoluteExpiration: TimeSpan.FromMinutes(1));
        Assert.Equal(2, h.Api.CountOf("by-slug/a"));

        h.Clock.Advance(TimeSpan.FromSeconds(238)); // 4:59 after the by-id read
        await h.Cache.GetContentAsync(ws, a);
        Assert.Equal(1, h.Api.CountOf($"content/{a}"));
        h.Clock.Advance(TimeSpan.FromSeconds(2)); // 5:01
        await h.Cache.GetContentAsync(ws, a);
        Assert.Equal(2, h.Api.CountOf($"content/{a}"));
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task An_expiry_of_zero_or_less_is_refused_before_any_request(Backend backend)
    {
        using var h = Create(backend);
        var e = await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => h.Cache.GetContentBySlugAsync(h.Api.Workspace, "a", absoluteExpiration: TimeSpan.Zero));
        Assert.Equal("absoluteExpiration", e.ParamName);
        await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => h.Cache.ListContentAsync(h.Api.Workspace, absoluteExpiration: TimeSpan.FromSeconds(-1)));
        Assert.Equal(0, h.Api.Count);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task Errors_are_not_cached(Backend backend)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        var missing = await Assert.ThrowsAsync<VersoApiException>(() => h.Cache.GetContentBySlugAsync(ws, "later"));
        Assert.Equal(404, missing.Status);
        h.Api.Add("later");
        Assert.Equal("later v1", Title(await h.Cache.GetContentBySlugAsync(ws, "later")));
        Assert.Equal(2, h.Api.Count);
    }

    /// <summary>Waits until <paramref name="count"/> callers wait on the key's running read.</summary>
    private static async Task WaitersAsync(CacheHarness h, VersoContentCacheKey key, int count)
    {
        for (var waited = 0; h.Cache.Store.Flights.WaitersOf(key.ToString()) < count; waited += 10)
        {
            Assert.True(waited < 10_000, $"only {h.Cache.Store.Flights.WaitersOf(key.ToString())} of {count} callers joined the read");
            await Task.Delay(10);
        }
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task Concurrent_misses_of_one_key_make_one_API_call(Backend backend)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        h.Api.Add("a");
        var held = h.Api.Hold();
        var reads = Enumerable.Range(0, 5).Select(_ => h.Cache.GetContentBySlugAsync(ws, "a")).ToList();
        await held.Reached;
        await WaitersAsync(h, h.Cache.KeyForSlug(ws, "a"), 5);
        Assert.Equal(1, h.Api.Count); // all five wait on one request
        held.Release();
        var results = await Task.WhenAll(reads).Within();
        Assert.All(results, r => Assert.Equal("a v1", Title(r)));
        Assert.Equal(1, h.Api.Count);
        Assert.Equal(0, h.Cache.Store.Flights.Running);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task A_caller_giving_up_does_not_cancel_the_read_others_wait_for(Backend backend)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        h.Api.Add("a");
        var held = h.Api.Hold();
        using var impatient = new CancellationTokenSource();
        var first = h.Cache.GetContentBySlugAsync(ws, "a", cancellationToken: impatient.Token);
        await held.Reached;
        var second = h.Cache.GetContentBySlugAsync(ws, "a");
        await WaitersAsync(h, h.Cache.KeyForSlug(ws, "a"), 2);
        impatient.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => first.Within());
        Assert.False(h.Api.Transport.Requests[0].Token.IsCancellationRequested, "the shared request must keep going");
        held.Release();
        Assert.Equal("a v1", Title(await second.Within()));
        await h.Cache.GetContentBySlugAsync(ws, "a");
        Assert.Equal(1, h.Api.Count);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task When_every_caller_gives_up_the_shared_request_is_cancelled(Backend backend)
    {
        using var h = Create(backend);
        h.Api.Add("a");
        var held = h.Api.Hold(); // never released
        using var cts = new CancellationTokenSource();
        var read = h.Cache.GetContentBySlugAsync(h.Api.Workspace, "a", cancellationToken: cts.Token);
        await held.Reached;
        cts.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => read.Within());
        Assert.True(h.Api.Transport.Requests[0].Token.IsCancellationRequested);
        Assert.Equal(0, h.Cache.Store.Flights.Running);
    }

    public static TheoryData<Backend, string> InFlightCases()
    {
        var data = new TheoryData<Backend, string>();
        foreach (var backend in new[] { Backend.Memory, Backend.Distributed })
        {
            foreach (var kind in new[] { "key", "item", "workspace", "webhook" }) data.Add(backend, kind);
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(InFlightCases))]
    public async Task An_invalidation_during_an_in_flight_read_keeps_its_result_out_of_the_cache(Backend backend, string kind)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        var a = h.Api.Add("a");
        var held = h.Api.Hold();
        var read = h.Cache.GetContentBySlugAsync(ws, "a");
        await held.Reached; // the request is at the server, its answer not yet back

        h.Api.Publish(a);
        switch (kind)
        {
            case "key": await h.Cache.InvalidateAsync(h.Cache.KeyForSlug(ws, "a")); break;
            case "item": await h.Cache.InvalidateContentItemAsync(ws, a); break;
            case "workspace": await h.Cache.InvalidateWorkspaceAsync(ws); break;
            default:
                var body = Webhooks.WebhookSigner.Typed($$"""{"contentItemId":"{{a}}","workspaceId":"{{ws}}","templateVersionId":"{{Guid.Empty}}","contentVersionId":"{{Guid.NewGuid()}}","versionNumber":2,"status":"Published"}""", "content.version_published");
                await h.Cache.InvalidateFromWebhookAsync(body, Webhooks.WebhookSigner.Sign(body, type: "content.version_published"), Webhooks.WebhookSigner.Secret, WebhookTimes.AtSigning);
                break;
        }
        held.Release();
        Assert.Equal("a v1", Title(await read.Within())); // the caller still gets what it asked for
        Assert.Equal("a v2", Title(await h.Cache.GetContentBySlugAsync(ws, "a")));
        Assert.Equal("a v2", Title(await h.Cache.GetContentBySlugAsync(ws, "a")));
        Assert.Equal(2, h.Api.Count);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task An_invalidation_of_another_workspace_during_a_read_does_not_stop_it_being_cached(Backend backend)
    {
        using var h = Create(backend);
        var ws = h.Api.Workspace;
        h.Api.Add("a");
        var held = h.Api.Hold();
        var read = h.Cache.GetContentBySlugAsync(ws, "a");
        await held.Reached;
        await h.Cache.InvalidateWorkspaceAsync(h.Api.OtherWorkspace);
        held.Release();
        await read.Within();
        await h.Cache.GetContentBySlugAsync(ws, "a");
        Assert.Equal(1, h.Api.Count);
    }
}
