using System.Security.Cryptography;
using System.Text.Json;
using Microsoft.Extensions.Caching.Memory;
using Verso.Client.Caching;
using Verso.Client.Errors;
using Verso.Client.Generated;
using Verso.Client.Tests.Support;
using Verso.Client.Webhooks;
using static Verso.Client.Tests.Support.E2eEnvironment;

namespace Verso.Client.Tests.EndToEnd;

/// <summary>
/// Bulk actions and releases through the generated .NET client against the real API that sdk-dotnet/test.sh starts: a
/// bulk publish answers one typed result per item (one of them failing with its problem), an atomic bulk action with a
/// failing item is a <see cref="VersoBulkActionException"/> and changes nothing, a release refused for its problems is
/// a <see cref="VersoReleaseProblemsException"/>, and once it is published the server's own signed
/// <c>release.published</c> delivery — received over TLS on this test's HTTPS route, the endpoint subscribed to nothing
/// else — ends the cached reads of the release's item and the lists, while an item outside it stays cached.
/// </summary>
/// <remarks>Missing VERSO_E2E_* variables fail the test (see E2eEnvironment). One test walks the story because each
/// step needs the state the one before left.</remarks>
public sealed class BulkAndReleasesRealServerTests
{
    private static readonly string Suffix = Guid.NewGuid().ToString("N")[..8];

    [Fact]
    public async Task Bulk_results_and_refusals_are_typed_and_a_published_releases_delivery_ends_exactly_its_cached_reads()
    {
        var baseUrl = Required("VERSO_E2E_BASE_URL");
        var email = Required("VERSO_E2E_EMAIL");
        var password = Required("VERSO_E2E_PASSWORD");
        await using var site = new HttpsHookReceiver(Required("VERSO_E2E_HOOK_CERT"), Required("VERSO_E2E_HOOK_KEY"));
        using var cts = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        var ct = cts.Token;

        string? token = null;
        using var verso = new VersoClientBuilder(baseUrl).WithTokenProvider(_ => ValueTask.FromResult(token)).Build();
        token = (await verso.Api.LoginAsync(new LoginRequest { Email = email, Password = password }, ct)).Token;
        var ws = (await verso.Api.CreateWorkspaceAsync(new WorkspaceRequest { Name = $"Releases e2e {Suffix}", Slug = $"releases-e2e-{Suffix}" }, ct)).Id;
        var (_, model, fields) = await RealServerModel.PublishedTemplateAsync(verso, ws, "Note", $"note-{Suffix}",
        [
            new TemplateFieldRequest
            {
                Key = "title", Label = "Title", CompositionMode = CompositionMode.Inline, PrimitiveType = PrimitiveType.Text,
                IsRequired = true, MinOccurrences = 1, MaxOccurrences = 1,
            },
        ], ct);
        ContentFieldValueRequest Title(string text) => new() { FieldId = fields["title"], Order = 0, ValueKind = ValueKind.Text, TextValue = text };
        var counter = 0;
        async Task<(Guid Id, string Slug)> Draft(string title)
        {
            var slug = $"note-{Suffix}-{++counter}";
            var item = await verso.Api.CreateContentAsync(ws, new CreateContentItemRequest { TemplateVersionId = model, Slug = slug, LocaleCode = "en", Tags = [], Fields = [Title(title)] }, ct);
            return (item.Id, slug);
        }
        async Task<ContentStatus> StatusOf(Guid id, int version) => (await verso.Api.GetContentVersionAsync(ws, id, version, cancellationToken: ct)).Status;

        // Only release.published: the cache must be kept exact by the release's own event.
        var secret = "releases-e2e:" + Convert.ToHexString(RandomNumberGenerator.GetBytes(16)).ToLowerInvariant();
        await verso.Api.CreateWebhookEndpointAsync(ws, new CreateWebhookEndpointRequest
        {
            Name = "site cache", Url = $"https://hooks.example.test:{site.Port}/verso", Events = [VersoWebhookEventTypes.ReleasePublished], Secret = secret,
        }, ct);

        // A bulk publish: one result per item in the order sent; the Draft has no Approved version and fails on its own.
        var approved = await Draft("Approved one");
        var draft = await Draft("Still a draft");
        await verso.Api.SubmitContentVersionAsync(ws, approved.Id, 1, ct);
        await verso.Api.ApproveContentVersionAsync(ws, approved.Id, 1, ct);
        var bulk = await verso.Api.BulkContentActionAsync(ws, new BulkContentActionRequest
        {
            Action = BulkContentAction.Publish, Items = [new() { Id = approved.Id }, new() { Id = draft.Id }],
        }, ct);
        Assert.Equal([(approved.Id, (int?)1, BulkContentItemStatus.Ok), (draft.Id, null, BulkContentItemStatus.Failed)],
            bulk.Results.Select(r => (r.Id, r.VersionNumber, r.Status)));
        Assert.Null(bulk.Results[0].Problem);
        Assert.Equal(422, bulk.Results[1].Problem!.Status);
        Assert.Equal("The item has no Approved version to publish.", bulk.Results[1].Problem!.Detail);
        Assert.Equal(ContentStatus.Published, await StatusOf(approved.Id, 1));

        // Atomic: the Draft cannot be approved, so nothing is, and the 422's results are typed on the exception.
        var inReview = await Draft("In review");
        await verso.Api.SubmitContentVersionAsync(ws, inReview.Id, 1, ct);
        var refused = await Assert.ThrowsAsync<VersoBulkActionException>(() => verso.Api.BulkContentActionAsync(ws, new BulkContentActionRequest
        {
            Action = BulkContentAction.Approve, Atomic = true, Items = [new() { Id = inReview.Id }, new() { Id = draft.Id }],
        }, ct));
        Assert.Equal(422, refused.Status);
        var failing = Assert.Single(refused.Results);
        Assert.Equal((draft.Id, BulkContentItemStatus.Failed), (failing.Id, failing.Status));
        Assert.InRange(failing.Problem!.Status, 400, 499);
        Assert.Equal(ContentStatus.Review, await StatusOf(inReview.Id, 1));

        // A release: the changed item's approved version 2, and the Draft, which stops it.
        var changed = await Draft("Old title");
        await verso.Api.PublishContentVersionAsync(ws, changed.Id, 1, new PublishContentVersionRequest { OverrideWorkflow = true }, ct);
        await verso.Api.CreateContentVersionAsync(ws, changed.Id, new CreateContentVersionRequest { Fields = [Title("New title")] }, cancellationToken: ct);
        await verso.Api.SubmitContentVersionAsync(ws, changed.Id, 2, ct);
        await verso.Api.ApproveContentVersionAsync(ws, changed.Id, 2, ct);
        var outside = await Draft("Untouched");
        await verso.Api.PublishContentVersionAsync(ws, outside.Id, 1, new PublishContentVersionRequest { OverrideWorkflow = true }, ct);

        var release = await verso.Api.CreateReleaseAsync(ws, new CreateReleaseRequest { Name = $"Launch {Suffix}" }, ct);
        Assert.Equal(ReleaseState.Open, release.State);
        await verso.Api.AddReleaseEntryAsync(ws, release.Id, new AddReleaseEntryRequest { ItemId = changed.Id, VersionNumber = 2, Action = ReleaseEntryAction.Publish }, ct);
        var withBoth = await verso.Api.AddReleaseEntryAsync(ws, release.Id, new AddReleaseEntryRequest { ItemId = draft.Id, VersionNumber = 1, Action = ReleaseEntryAction.Publish }, ct);
        Assert.Equal([changed.Id, draft.Id], withBoth.Entries.Select(e => e.ItemId));

        var problems = await Assert.ThrowsAsync<VersoReleaseProblemsException>(() => verso.Api.PublishReleaseAsync(ws, release.Id, ct));
        var problem = Assert.Single(problems.Problems);
        Assert.Equal((draft.Id, 1, ReleaseProblemReason.NotApproved), (problem.ItemId, problem.VersionNumber, problem.Reason));
        Assert.False(string.IsNullOrWhiteSpace(problem.Message));
        Assert.Equal(ReleaseState.Open, (await verso.Api.GetReleaseAsync(ws, release.Id, ct)).State);
        await verso.Api.RemoveReleaseEntryAsync(ws, release.Id, draft.Id, ct);

        // The site reads through a cache; warmed, it serves all three reads without the network.
        var network = new ContentReadCounter();
        using var reader = new VersoClientBuilder(baseUrl).WithTokenProvider(_ => ValueTask.FromResult<string?>(token)).WithTransport(network).Build();
        using var memory = new MemoryCache(new MemoryCacheOptions());
        var cache = VersoContentCache.InMemory(reader, memory, new VersoContentCacheOptions { PartitionProvider = () => "public" });
        var published = new VersoContentListQuery { Status = ContentStatus.Published, PageSize = 50 };
        async Task<string?> TitleBySlug(string slug) => (await cache.GetContentBySlugAsync(ws, slug, cancellationToken: ct)).Fields.Single(f => f.Key == "title").TextValue;
        async Task<int?> ListedVersionOf(Guid id) => (await cache.ListContentAsync(ws, published, cancellationToken: ct)).Items.Single(i => i.Id == id).CurrentlyServingVersion?.VersionNumber;
        Assert.Equal("Old title", await TitleBySlug(changed.Slug));
        Assert.Equal("Untouched", await TitleBySlug(outside.Slug));
        Assert.Equal(1, await ListedVersionOf(changed.Id));
        Assert.Equal(3, network.Reads.Count);

        var done = await verso.Api.PublishReleaseAsync(ws, release.Id, ct);
        Assert.Equal(ReleaseState.Published, done.State);
        Assert.Equal(1, Assert.Single(done.Entries).ServedBeforeVersionNumber);
        // Published, but the cache still serves what it holds until the delivery says otherwise.
        Assert.Equal("Old title", await TitleBySlug(changed.Slug));
        Assert.Equal(3, network.Reads.Count);

        var delivery = await site.WaitForAsync(hook => ReleaseIdOf(hook.Body) == release.Id, ct);
        Assert.Equal(VersoWebhookEventTypes.ReleasePublished, delivery.Header("X-Verso-Event"));
        var invalidation = await cache.InvalidateFromWebhookAsync(delivery.Body, delivery.Headers, secret, cancellationToken: ct);
        Assert.Equal((VersoContentCacheInvalidationScope.Release, (Guid?)ws, (Guid?)release.Id), (invalidation.Scope, invalidation.WorkspaceId, invalidation.ReleaseId));
        Assert.Contains(changed.Id, invalidation.ContentItemIds);
        Assert.DoesNotContain(outside.Id, invalidation.ContentItemIds);
        var payload = invalidation.Event.PayloadAs<VersoReleasePublishedPayload>();
        Assert.Equal((release.Id, $"Launch {Suffix}"), (payload.ReleaseId, payload.Name));
        Assert.Equal(new VersoReleasePublishedEntry(changed.Id, 2, "publish"), Assert.Single(payload.Entries));
        Assert.Contains($"item-{changed.Id}", payload.PurgeKeys);

        // The entry and the list are read again and show version 2; the item outside the release is still cached.
        Assert.Equal("New title", await TitleBySlug(changed.Slug));
        Assert.Equal("Untouched", await TitleBySlug(outside.Slug));
        Assert.Equal(2, await ListedVersionOf(changed.Id));
        Assert.Equal(5, network.Reads.Count);
    }

    private static Guid? ReleaseIdOf(byte[] body)
    {
        using var json = JsonDocument.Parse(body);
        return json.RootElement.TryGetProperty("releaseId", out var id) && id.TryGetGuid(out var value) ? value : null;
    }
}
