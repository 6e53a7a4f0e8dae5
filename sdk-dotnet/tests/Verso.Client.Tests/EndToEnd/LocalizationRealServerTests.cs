using System.Text.Json;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.Options;
using Verso.Client.Caching;
using Verso.Client.Content;
using Verso.Client.Errors;
using Verso.Client.Generated;
using Verso.Client.Tests.Caching;
using Verso.Client.Tests.Webhooks;
using Verso.Client.Webhooks;
using Verso.Client.Tests.Support;
using static Verso.Client.Tests.Support.E2eEnvironment;

namespace Verso.Client.Tests.EndToEnd;

/// <summary>
/// A site in three languages through the .NET SDK against the real API that sdk-dotnet/test.sh starts (VERSO_E2E_*;
/// missing variables fail the test): the workspace's locales saved and read, an English page translated with
/// CreateContentTranslationAsync, its translation status and the missing translations, by-slug and the list read with
/// a locale (fallback along the chain, alternates, the locale in the cache key), and the content cache kept exact by
/// the server's own content events: publishing the German member ends the cached English fallback, and publishing
/// English shares its new product code with the German member's cached read. Both backends.
/// </summary>
/// <remarks>Each event is the server's: its payload is read from the endpoint's recorded delivery (the bytes the
/// server POSTs, with purgeKeys and translationGroupId) and signed the server's way by the test signer, as the e2e
/// server's deliveries go to an address nothing here listens on.</remarks>
public sealed class LocalizationRealServerTests
{
    private static readonly string Suffix = Guid.NewGuid().ToString("N")[..8];

    private static ContentFieldValueRequest Text(Guid fieldId, string text) =>
        new() { FieldId = fieldId, Order = 0, ValueKind = ValueKind.Text, TextValue = text };

    private static string? ValueOf(ContentVersionDetailResponse version, string key) => version.Fields.Single(f => f.Key == key).TextValue;

    [Theory]
    [InlineData(Backend.Memory)]
    [InlineData(Backend.Distributed)]
    public async Task A_site_in_three_languages_reads_in_the_visitors_locale_and_its_cache_follows_the_translation_group(Backend backend)
    {
        var baseUrl = Required("VERSO_E2E_BASE_URL");
        var email = Required("VERSO_E2E_EMAIL");
        var password = Required("VERSO_E2E_PASSWORD");
        using var cts = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        var ct = cts.Token;

        string? token = null;
        using var editor = new VersoClientBuilder(baseUrl).WithTokenProvider(_ => ValueTask.FromResult(token)).Build();
        token = (await editor.Api.LoginAsync(new LoginRequest { Email = email, Password = password }, ct)).Token;
        var tag = $"{backend.ToString().ToLowerInvariant()}-{Suffix}";
        var ws = (await editor.Api.CreateWorkspaceAsync(new WorkspaceRequest { Name = $"Languages {tag}", Slug = $"languages-{tag}" }, ct)).Id;

        // The locales: de-CH falls back to de, then (implicitly) to the default, en.
        var localesUrl = new Uri(editor.BaseUrl, $"api/v1/workspaces/{ws}/locales");
        await editor.Api.GetWorkspaceLocalesAsync(ws, ct);
        var saved = await editor.Api.UpdateWorkspaceLocalesAsync(ws, new WorkspaceLocalesRequest
        {
            DefaultLocale = "en",
            Locales =
            [
                new WorkspaceLocale { Code = "en", Name = "English", Fallback = [] },
                new WorkspaceLocale { Code = "de", Name = "Deutsch", Fallback = ["en"] },
                new WorkspaceLocale { Code = "de-ch", Name = "Deutsch (Schweiz)", Fallback = ["de"] },
            ],
        }, editor.ETags.Get(localesUrl), ct);
        Assert.Equal(["en", "de", "de-CH"], saved.Locales.Select(l => l.Code));
        Assert.Equal(["de", "en"], saved.Locales.Last().Fallback);
        var cycle = await Assert.ThrowsAsync<VersoApiException>(() => editor.Api.UpdateWorkspaceLocalesAsync(ws, new WorkspaceLocalesRequest
        {
            DefaultLocale = "en",
            Locales = [new WorkspaceLocale { Code = "en", Name = "English", Fallback = [] }, new WorkspaceLocale { Code = "fr", Name = "Français", Fallback = ["it"] }],
        }, editor.ETags.Get(localesUrl), ct));
        Assert.Equal(422, cycle.Status);

        // A template with a localized title and a product code shared across translations.
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
        var code = await editor.Api.CreateTemplateFieldAsync(ws, template.Id, 1, new TemplateFieldRequest
        {
            Key = "code", Label = "Product code", Order = 1, CompositionMode = CompositionMode.Inline,
            PrimitiveType = PrimitiveType.Text, MaxOccurrences = 1, Localized = false,
        }, await DraftTag(), ct);
        Assert.False(code.Localized);
        var model = await editor.Api.PublishTemplateVersionAsync(ws, template.Id, 1, await DraftTag(), ct);
        var endpoint = await editor.Api.CreateWebhookEndpointAsync(ws, new CreateWebhookEndpointRequest
        {
            Name = "Site cache", Url = "https://hooks.example.test:9/verso", Events = [VersoWebhookEventTypes.ContentVersionPublished],
        }, ct);

        // An English page, published, and its German translation (a Draft).
        var slug = $"about-us-{tag}";
        var english = await editor.Api.CreateContentAsync(ws, new CreateContentItemRequest
        {
            TemplateVersionId = model.Id, Slug = slug, LocaleCode = "en", Tags = [], Fields = [Text(title.Id, "About us"), Text(code.Id, "A-1")],
        }, ct);
        await editor.Api.PublishContentVersionAsync(ws, english.Id, 1, new PublishContentVersionRequest { OverrideWorkflow = true }, ct);
        var german = await editor.Api.CreateContentTranslationAsync(ws, english.Id, new CreateContentTranslationRequest { LocaleCode = "de", Slug = $"ueber-uns-{tag}" }, ct);
        Assert.Equal("de", german.LocaleCode);
        var group = german.TranslationGroupId!.Value;

        var status = await editor.Api.GetContentTranslationStatusAsync(ws, english.Id, ct);
        Assert.Equal(
            [("en", TranslationState.Published, true), ("de", TranslationState.Draft, false), ("de-CH", TranslationState.Missing, false)],
            status.Locales.Select(l => (l.LocaleCode, l.State, l.IsSource)));
        var missing = await editor.Api.ListMissingTranslationsAsync(ws, cancellationToken: ct);
        Assert.Equal([(english.Id, "de-CH")], missing.Items.Select(m => (m.Source.Id, m.LocaleCode)));

        // The site reads through the cache.
        var network = new ContentReadCounter();
        using var site = new VersoClientBuilder(baseUrl).WithTokenProvider(_ => ValueTask.FromResult<string?>(token)).WithTransport(network).Build();
        using var memory = new MemoryCache(new MemoryCacheOptions());
        var options = new VersoContentCacheOptions { PartitionProvider = () => "e2e-site" };
        var cache = backend == Backend.Memory
            ? VersoContentCache.InMemory(site, memory, options)
            : VersoContentCache.Distributed(site, new MemoryDistributedCache(Options.Create(new MemoryDistributedCacheOptions())), options);
        Assert.Equal(saved.Locales.Select(l => l.Code), (await cache.GetWorkspaceLocalesAsync(ws, cancellationToken: ct)).Locales.Select(l => l.Code));

        var fallback = await cache.GetContentBySlugAsync(ws, slug, locale: "de-CH", cancellationToken: ct);
        Assert.Equal((english.Id, "en", "de-CH"), (fallback.ContentItemId, fallback.LocaleCode, fallback.RequestedLocale));
        Assert.Equal([("en", slug, english.Id)], fallback.Alternates!.Select(a => (a.LocaleCode, a.Slug, a.ContentItemId)));
        await cache.GetContentBySlugAsync(ws, slug, locale: "de-ch", cancellationToken: ct);
        Assert.Single(network.BySlug);
        Assert.Contains("locale=de-CH", network.BySlug.Single(), StringComparison.Ordinal);

        var perGroup = new VersoContentListQuery { TemplateId = template.Id, Resolve = true, Locale = "de-CH" };
        Assert.Equal([english.Id], (await cache.ListContentAsync(ws, perGroup, cancellationToken: ct)).Items.Select(i => i.Id));
        var all = new List<Guid>();
        await foreach (var item in site.Api.ListAllContentAsync(ws, perGroup, ct)) all.Add(item.Id);
        Assert.Equal([english.Id], all);

        // The German member is published: the event the server wrote for it ends the cached fallback.
        var germanPath = new Uri(editor.BaseUrl, $"api/v1/workspaces/{ws}/content/{german.Id}/versions/1");
        await editor.Api.GetContentVersionAsync(ws, german.Id, 1, cancellationToken: ct);
        await editor.Api.UpdateContentVersionAsync(ws, german.Id, 1, new UpdateContentVersionRequest { Fields = [Text(title.Id, "Über uns")] }, ifMatch: editor.ETags.Get(germanPath), cancellationToken: ct);
        await editor.Api.PublishContentVersionAsync(ws, german.Id, 1, new PublishContentVersionRequest { OverrideWorkflow = true }, ct);
        var published = await InvalidateFromRecordedEventAsync(editor, cache, ws, endpoint.Endpoint.Id, german.Id, 1, ct);
        Assert.Equal((VersoContentCacheInvalidationScope.ContentItem, (Guid?)group), (published.Scope, published.TranslationGroupId));
        Assert.Contains(english.Id, published.ContentItemIds);
        Assert.Equal("de", published.Event.PayloadAs<VersoContentEventPayload>().LocaleCode);

        var now = await cache.GetContentBySlugAsync(ws, slug, locale: "de-CH", cancellationToken: ct);
        Assert.Equal((german.Id, "Über uns", "A-1"), (now.ContentItemId, ValueOf(now, "title"), ValueOf(now, "code")));
        Assert.Equal(["de", "en"], now.Alternates!.Select(a => a.LocaleCode));
        Assert.Equal("A-1", ValueOf(await cache.GetContentBySlugAsync(ws, german.Slug!, cancellationToken: ct), "code"));
        Assert.Equal(3, network.BySlug.Count);

        // English gets a new product code: the German reads share it once the event is handled.
        await editor.Api.CreateContentVersionAsync(ws, english.Id, new CreateContentVersionRequest { Fields = [Text(title.Id, "About us"), Text(code.Id, "A-2")] }, cancellationToken: ct);
        await editor.Api.PublishContentVersionAsync(ws, english.Id, 2, new PublishContentVersionRequest { OverrideWorkflow = true }, ct);
        Assert.Equal("A-1", ValueOf(await cache.GetContentBySlugAsync(ws, german.Slug!, cancellationToken: ct), "code"));
        Assert.Equal(3, network.BySlug.Count);
        await InvalidateFromRecordedEventAsync(editor, cache, ws, endpoint.Endpoint.Id, english.Id, 2, ct);
        Assert.Equal("A-2", ValueOf(await cache.GetContentBySlugAsync(ws, german.Slug!, cancellationToken: ct), "code"));
        Assert.Equal("A-2", ValueOf(await cache.GetContentBySlugAsync(ws, slug, locale: "de-CH", cancellationToken: ct), "code"));
        Assert.Equal(5, network.BySlug.Count);
    }

    /// <summary>Waits for the endpoint's delivery of <c>content.version_published</c> for the item's version, and hands
    /// its payload — the server's bytes — signed the server's way to the cache.</summary>
    private static async Task<VersoContentCacheInvalidation> InvalidateFromRecordedEventAsync(VersoClient editor, VersoContentCache cache, Guid ws, Guid endpoint, Guid item, int versionNumber, CancellationToken ct)
    {
        while (true)
        {
            var deliveries = await editor.Api.ListWebhookDeliveriesAsync(ws, endpoint, pageSize: 100, cancellationToken: ct);
            foreach (var delivery in deliveries.Items)
            {
                var payload = (JsonElement)delivery.Payload;
                if (delivery.EventType == VersoWebhookEventTypes.ContentVersionPublished
                    && payload.GetProperty("contentItemId").GetGuid() == item && payload.GetProperty("versionNumber").GetInt32() == versionNumber)
                {
                    var body = JsonSerializer.SerializeToUtf8Bytes(payload);
                    var eventId = delivery.EventId.ToString();
                    var headers = WebhookSigner.Sign(body, id: eventId, timestamp: DateTimeOffset.UtcNow.ToUnixTimeSeconds(), type: delivery.EventType);
                    return await cache.InvalidateFromWebhookAsync(body, headers, WebhookSigner.Secret, cancellationToken: ct);
                }
            }
            // The delivery row is written by the dispatcher shortly after the publish commits.
            await Task.Delay(50, ct);
        }
    }
}
