using System.Text.Json;
using Verso.Client.Caching;
using Verso.Client.Tests.Webhooks;
using Verso.Client.Webhooks;

namespace Verso.Client.Tests.Caching;

/// <summary>
/// A signed <c>release.published</c> delivery ends, in every partition, exactly the entries of the items it names — its
/// entries' items and those its purge keys name (an item embedding an entry, say) — and the workspace's lists, not an
/// item outside the release; purge keys saying <c>ws-&lt;id&gt;</c> end the whole workspace.
/// </summary>
public class ReleaseInvalidationTests
{
    public static TheoryData<Backend> Backends => new() { Backend.Memory, Backend.Distributed };

    private static byte[] ReleaseEvent(Guid workspace, Guid release, Guid entry, params string[] purgeKeys) => WebhookSigner.Typed(
        $$"""
        {"workspaceId":"{{workspace}}","releaseId":"{{release}}","name":"Spring launch",
         "entries":[{"itemId":"{{entry}}","versionNumber":2,"action":"publish"}],
         "purgeKeys":{{JsonSerializer.Serialize(purgeKeys)}}}
        """,
        VersoWebhookEventTypes.ReleasePublished);

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task It_ends_the_entries_items_the_items_its_purge_keys_name_and_the_lists_only(Backend backend)
    {
        using var h = CacheHarness.Create(backend, api: new ContentApi());
        var ws = h.Api.Workspace;
        var entry = h.Api.Add("entry");
        var embedding = h.Api.Add("embedding");
        var outside = h.Api.Add("outside");
        var release = Guid.NewGuid();
        async Task ReadAll()
        {
            await h.Cache.GetContentBySlugAsync(ws, "entry");
            await h.Cache.GetContentAsync(ws, entry);
            await h.Cache.GetContentBySlugAsync(ws, "embedding");
            await h.Cache.GetContentBySlugAsync(ws, "outside");
            await h.Cache.GetContentAsync(ws, outside);
            await h.Cache.ListContentAsync(ws);
        }
        await ReadAll();
        await ReadAll();
        Assert.Equal(6, h.Api.Count);

        // The entry is named by the entries only; the embedding item by the purge keys only.
        var body = ReleaseEvent(ws, release, entry, $"list-{ws}", $"item-{embedding}");
        var result = await h.Cache.InvalidateFromWebhookAsync(body, WebhookSigner.Sign(body, type: VersoWebhookEventTypes.ReleasePublished), WebhookSigner.Secret, WebhookTimes.AtSigning);

        Assert.Equal(VersoWebhookEventTypes.ReleasePublished, result.Event.Type);
        Assert.Equal((VersoContentCacheInvalidationScope.Release, (Guid?)ws, (Guid?)release, (Guid?)null), (result.Scope, result.WorkspaceId, result.ReleaseId, result.ContentItemId));
        Assert.Equal([entry, embedding], result.ContentItemIds);
        var payload = result.Event.PayloadAs<VersoReleasePublishedPayload>();
        Assert.Equal((release, "Spring launch"), (payload.ReleaseId, payload.Name));
        Assert.Equal(new VersoReleasePublishedEntry(entry, 2, "publish"), Assert.Single(payload.Entries));
        Assert.Equal([$"list-{ws}", $"item-{embedding}"], payload.PurgeKeys);

        await ReadAll();
        Assert.Equal([2, 2, 2, 1, 1, 2],
            new[] { "content/by-slug/entry", $"content/{entry}", "content/by-slug/embedding", "content/by-slug/outside", $"content/{outside}", "content" }
                .Select(p => h.Api.Exactly(p)));
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task Purge_keys_naming_the_workspace_end_all_of_it(Backend backend)
    {
        using var h = CacheHarness.Create(backend, api: new ContentApi());
        var ws = h.Api.Workspace;
        var entry = h.Api.Add("entry");
        h.Api.Add("outside");
        await h.Cache.GetContentBySlugAsync(ws, "outside");
        await h.Cache.ListContentAsync(ws);

        var body = ReleaseEvent(ws, Guid.NewGuid(), entry, $"ws-{ws}", $"list-{ws}");
        var result = await h.Cache.InvalidateFromWebhookAsync(body, WebhookSigner.Sign(body, type: VersoWebhookEventTypes.ReleasePublished), WebhookSigner.Secret, WebhookTimes.AtSigning);

        Assert.Equal(VersoContentCacheInvalidationScope.Workspace, result.Scope);
        await h.Cache.GetContentBySlugAsync(ws, "outside");
        await h.Cache.ListContentAsync(ws);
        Assert.Equal([2, 2], new[] { "content/by-slug/outside", "content" }.Select(p => h.Api.Exactly(p)));
    }
}
