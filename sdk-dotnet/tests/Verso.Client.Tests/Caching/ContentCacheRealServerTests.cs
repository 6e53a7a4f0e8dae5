using System.Text;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.Options;
using Verso.Client.Caching;
using Verso.Client.Generated;
using Verso.Client.Tests.Webhooks;
using Verso.Client.Webhooks;
using Verso.Client.Tests.Support;
using static Verso.Client.Tests.Support.E2eEnvironment;

namespace Verso.Client.Tests.Caching;

/// <summary>
/// Cached reads against the real API that sdk-dotnet/test.sh starts (VERSO_E2E_*; missing variables fail the test,
/// as in EndToEnd/): by slug, by id and the list are each read once from the API and then served from the cache, a
/// newly published version stays invisible until an invalidation, and after one — from a signed
/// <c>content.version_published</c> delivery naming the real ids, or a workspace bust — the next read goes to the API
/// and sees the new version. Run on both backends.
/// </summary>
/// <remarks>The delivery is signed the way the server signs (test signer, written independently of the SDK) at the
/// current time: the e2e server sends no webhooks to loopback. Deliveries the real server sent are
/// ContentCacheWebhookTests' captured fixture.</remarks>
public sealed class ContentCacheRealServerTests
{
    private static readonly string Suffix = Guid.NewGuid().ToString("N")[..8];

    private static ContentFieldValueRequest Title(Guid fieldId, string text) =>
        new() { FieldId = fieldId, Order = 0, ValueKind = ValueKind.Text, TextValue = text };

    [Theory]
    [InlineData(Backend.Memory)]
    [InlineData(Backend.Distributed)]
    public async Task Cached_reads_come_once_from_the_API_and_an_invalidation_shows_the_next_published_version(Backend backend)
    {
        var baseUrl = Required("VERSO_E2E_BASE_URL");
        var email = Required("VERSO_E2E_EMAIL");
        var password = Required("VERSO_E2E_PASSWORD");
        using var cts = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        var ct = cts.Token;

        // The editor's client sets up and publishes; the site's client reads through the cache.
        string? token = null;
        using var editor = new VersoClientBuilder(baseUrl).WithTokenProvider(_ => ValueTask.FromResult(token)).Build();
        token = (await editor.Api.LoginAsync(new LoginRequest { Email = email, Password = password }, ct)).Token;
        var tag = $"{backend.ToString().ToLowerInvariant()}-{Suffix}";
        var ws = (await editor.Api.CreateWorkspaceAsync(new WorkspaceRequest { Name = $"Cache e2e {tag}", Slug = $"cache-e2e-{tag}" }, ct)).Id;
        var template = await editor.Api.CreateTemplateAsync(ws, new CreateTemplateRequest { Name = "Page", Slug = $"page-{tag}" }, ct);
        var draftUrl = new Uri(editor.BaseUrl, $"api/v1/workspaces/{ws}/templates/{template.Id}/versions/1");
        async Task<string?> DraftTag()
        {
            await editor.Api.GetTemplateVersionAsync(ws, template.Id, 1, ct);
            return editor.ETags.Get(draftUrl);
        }
        var title = await editor.Api.CreateTemplateFieldAsync(ws, template.Id, 1, new TemplateFieldRequest
        {
            Key = "title", Label = "Title", Order = 0, CompositionMode = CompositionMode.Inline,
            PrimitiveType = PrimitiveType.Text, IsRequired = true, MinOccurrences = 1, MaxOccurrences = 1,
        }, await DraftTag(), ct);
        var model = await editor.Api.PublishTemplateVersionAsync(ws, template.Id, 1, await DraftTag(), ct);
        var slug = $"home-{tag}";
        var item = await editor.Api.CreateContentAsync(ws, new CreateContentItemRequest
        {
            TemplateVersionId = model.Id, Slug = slug, LocaleCode = "en", Tags = [], Fields = [Title(title.Id, "Welcome v1")],
        }, ct);
        await editor.Api.PublishContentVersionAsync(ws, item.Id, 1, new PublishContentVersionRequest { OverrideWorkflow = true }, ct);
        async Task<PublishContentVersionResponse> PublishNext(int number, string text)
        {
            await editor.Api.CreateContentVersionAsync(ws, item.Id, new CreateContentVersionRequest { Fields = [Title(title.Id, text)] }, cancellationToken: ct);
            return await editor.Api.PublishContentVersionAsync(ws, item.Id, number, new PublishContentVersionRequest { OverrideWorkflow = true }, ct);
        }

        var network = new ContentReadCounter();
        using var site = new VersoClientBuilder(baseUrl).WithTokenProvider(_ => ValueTask.FromResult<string?>(token)).WithTransport(network).Build();
        using var memory = new MemoryCache(new MemoryCacheOptions());
        var options = new VersoContentCacheOptions { PartitionProvider = () => "e2e-site" };
        var cache = backend == Backend.Memory
            ? VersoContentCache.InMemory(site, memory, options)
            : VersoContentCache.Distributed(site, new MemoryDistributedCache(Options.Create(new MemoryDistributedCacheOptions())), options);
        var byTitle = new VersoContentListQuery { TemplateId = template.Id, Resolve = true };

        async Task<(string BySlug, int ById, int InList)> ReadAll() =>
            ((await cache.GetContentBySlugAsync(ws, slug, cancellationToken: ct)).Fields.Single(f => f.Key == "title").TextValue!,
             (await cache.GetContentAsync(ws, item.Id, cancellationToken: ct)).CurrentlyServingVersion!.VersionNumber,
             (await cache.ListContentAsync(ws, byTitle, cancellationToken: ct)).Items.Single().CurrentlyServingVersion!.VersionNumber);

        Assert.Equal(("Welcome v1", 1, 1), await ReadAll());
        Assert.Equal(("Welcome v1", 1, 1), await ReadAll());
        Assert.Equal(("Welcome v1", 1, 1), await ReadAll());
        Assert.Equal(
            [$"/api/v1/workspaces/{ws}/content/by-slug/{slug}", $"/api/v1/workspaces/{ws}/content/{item.Id}",
             $"/api/v1/workspaces/{ws}/content?templateId={template.Id}&resolve=true"],
            network.Reads);

        // v2 is published: the cache still serves v1 until told.
        var v2 = await PublishNext(2, "Welcome v2");
        Assert.Equal(ContentStatus.Published, v2.Version.Status);
        Assert.Equal(("Welcome v1", 1, 1), await ReadAll());
        Assert.Equal(3, network.Reads.Count);

        // The webhook the server sends for it, with the real ids.
        var eventId = Guid.NewGuid().ToString();
        var body = WebhookSigner.Typed(
            $$"""{"contentItemId":"{{item.Id}}","workspaceId":"{{ws}}","templateVersionId":"{{model.Id}}","contentVersionId":"{{v2.Version.Id}}","versionNumber":2,"status":"Published"}""",
            VersoWebhookEventTypes.ContentVersionPublished, eventId);
        var headers = WebhookSigner.Sign(body, id: eventId, timestamp: DateTimeOffset.UtcNow.ToUnixTimeSeconds(), type: VersoWebhookEventTypes.ContentVersionPublished);
        var result = await cache.InvalidateFromWebhookAsync(body, headers, WebhookSigner.Secret, cancellationToken: ct);
        Assert.Equal((VersoContentCacheInvalidationScope.ContentItem, item.Id), (result.Scope, result.Event.PayloadAs<VersoContentEventPayload>().ContentItemId));
        Assert.Equal(("Welcome v2", 2, 2), await ReadAll());
        Assert.Equal(("Welcome v2", 2, 2), await ReadAll());
        Assert.Equal(6, network.Reads.Count);

        // v3, then a whole-workspace bust (what template.version_published or workspace.updated cause).
        await PublishNext(3, "Welcome v3");
        Assert.Equal(("Welcome v2", 2, 2), await ReadAll());
        await cache.InvalidateWorkspaceAsync(ws, ct);
        Assert.Equal(("Welcome v3", 3, 3), await ReadAll());
        Assert.Equal(("Welcome v3", 3, 3), await ReadAll());
        Assert.Equal(9, network.Reads.Count);
    }
}
