using System.Collections.Concurrent;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Web;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.Options;
using Verso.Client.Caching;
using Verso.Client.Content;
using Verso.Client.Generated;
using Verso.Client.Tests.Support;
using Verso.Client.Tests.Webhooks;
using Verso.Client.Webhooks;

namespace Verso.Client.Tests.Caching;

/// <summary>
/// The content cache and localized reads, over a stub API that answers each (slug, locale) with the member a test names
/// (so a case can say exactly which member a read served and which alternates it listed): the locale is sent and is
/// part of the keys, an entry depends on every item and translation group its answer names, and a signed content event
/// ends every entry that depended on any member of its group — by the group, by the items its purge keys name — and
/// nothing else. Both backends.
/// </summary>
public class LocalizedContentCacheTests
{
    public static TheoryData<Backend> Backends => new() { Backend.Memory, Backend.Distributed };

    private static readonly JsonSerializerOptions Web = new(JsonSerializerDefaults.Web);

    private sealed record Member(Guid ContentItemId, Guid? TranslationGroupId, string? LocaleCode, string Slug);

    private static Member NewMember(Guid? group, string? locale, string slug) => new(Guid.NewGuid(), group, locale, slug);

    /// <summary>Answers by-slug reads from <see cref="Answers"/> (by slug and lower-cased locale, "" without one), the
    /// locales from <see cref="Locales"/>, lists with an empty page; counts requests by path.</summary>
    private sealed class LocalizedApi
    {
        public LocalizedApi()
        {
            Transport = new StubTransport(AnswerAsync);
        }

        public Guid Workspace { get; } = Guid.NewGuid();

        public StubTransport Transport { get; }

        public ConcurrentDictionary<(string Slug, string Locale), object> Answers { get; } = new();

        public object? Locales { get; set; }

        public int BySlug => Transport.Requests.Count(r => r.Uri.AbsolutePath.Contains("/content/by-slug/", StringComparison.Ordinal));

        public int LocalesRead => Transport.Requests.Count(r => r.Uri.AbsolutePath.EndsWith("/locales", StringComparison.Ordinal));

        private Task<HttpResponseMessage> AnswerAsync(SeenRequest request, CancellationToken cancellationToken)
        {
            var path = request.Uri.AbsolutePath;
            var locale = HttpUtility.ParseQueryString(request.Uri.Query)["locale"]?.ToLowerInvariant() ?? "";
            object? body = null;
            var marker = "/content/by-slug/";
            if (path.Contains(marker, StringComparison.Ordinal))
            {
                var slug = Uri.UnescapeDataString(path[(path.IndexOf(marker, StringComparison.Ordinal) + marker.Length)..]);
                body = Answers.TryGetValue((slug, locale), out var answer) ? answer : null;
            }
            else if (path.EndsWith("/locales", StringComparison.Ordinal)) body = Locales;
            else if (path.EndsWith("/content", StringComparison.Ordinal)) body = new { items = Array.Empty<object>(), totalCount = 0, page = 1, pageSize = 20, totalPages = 0 };
            return Task.FromResult(body is null
                ? Replies.Response(404, """{"type":"https://verso.dev/errors/not-found","title":"Not Found","status":404}""", "application/problem+json")
                : Replies.Response(200, JsonSerializer.Serialize(body, Web), "application/json"));
        }
    }

    private sealed class Harness : IDisposable
    {
        private readonly List<IDisposable> _owned = [];

        public Harness(Backend backend)
        {
            var client = new VersoClientBuilder(Clients.BaseUrl).WithTransport(Api.Transport, disposeWithClient: false).WithResilience(Clients.Fast).Build();
            _owned.Add(client);
            var options = new VersoContentCacheOptions { PartitionProvider = () => "public-site" };
            if (backend == Backend.Memory)
            {
                var memory = new MemoryCache(new MemoryCacheOptions());
                _owned.Add(memory);
                Cache = VersoContentCache.InMemory(client, memory, options);
            }
            else
            {
                Cache = VersoContentCache.Distributed(client, new MemoryDistributedCache(Options.Create(new MemoryDistributedCacheOptions())), options);
            }
        }

        public LocalizedApi Api { get; } = new();

        public VersoContentCache Cache { get; }

        public Guid Ws => Api.Workspace;

        public void Dispose()
        {
            foreach (var owned in _owned) owned.Dispose();
        }
    }

    /// <summary>A by-slug answer serving <paramref name="served"/>; with <paramref name="requestedLocale"/> it carries
    /// <c>requestedLocale</c> and <c>alternates</c>, as a read naming a locale does.</summary>
    private static object Version(Member served, string? requestedLocale = null, Member[]? alternates = null, object[]? fields = null) => new Dictionary<string, object?>
    {
        ["id"] = Guid.NewGuid(), ["contentItemId"] = served.ContentItemId, ["translationGroupId"] = served.TranslationGroupId,
        ["localeCode"] = served.LocaleCode, ["slug"] = served.Slug, ["versionNumber"] = 1, ["status"] = "Published",
        ["templateVersionId"] = Guid.Empty, ["tags"] = Array.Empty<string>(), ["createdAt"] = DateTimeOffset.UnixEpoch,
        ["updatedAt"] = DateTimeOffset.UnixEpoch, ["templateName"] = "Page", ["fields"] = fields ?? [],
        ["requestedLocale"] = requestedLocale,
        ["alternates"] = requestedLocale is null ? null : (alternates ?? []).Select(m => new { localeCode = m.LocaleCode, slug = m.Slug, contentItemId = m.ContentItemId }).ToArray(),
    }.Where(p => p.Value is not null).ToDictionary(p => p.Key, p => p.Value);

    private static Task<VersoContentCacheInvalidation> DeliverAsync(VersoContentCache cache, string type, string data)
    {
        var body = WebhookSigner.Typed(data, type);
        return cache.InvalidateFromWebhookAsync(body, WebhookSigner.Sign(body, type: type), WebhookSigner.Secret, WebhookTimes.AtSigning);
    }

    private static string ContentEvent(Guid ws, Guid item, Guid? group, params string[] purgeKeys) =>
        JsonSerializer.Serialize(new Dictionary<string, object?>
        {
            ["contentItemId"] = item, ["workspaceId"] = ws, ["templateVersionId"] = Guid.Empty, ["contentVersionId"] = Guid.NewGuid(),
            ["versionNumber"] = 1, ["status"] = "Published", ["localeCode"] = "de", ["translationGroupId"] = group,
            ["purgeKeys"] = purgeKeys.Length == 0 ? null : purgeKeys,
        }.Where(p => p.Value is not null).ToDictionary(p => p.Key, p => p.Value));

    private static string Sha256(string s) => Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(s))).ToLowerInvariant();

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task The_locale_is_sent_and_keys_its_own_entry_regardless_of_case_and_a_read_without_one_keeps_its_old_key(Backend backend)
    {
        using var h = new Harness(backend);
        var p = Sha256("public-site");
        // The text a slug key hashed before locales existed: a read without one still has that key.
        Assert.Equal($"verso:content:{p}:{h.Ws}:slug:{Sha256("""{"Slug":"about-us","AsOf":null,"ExpandChildren":null}""")}", h.Cache.KeyForSlug(h.Ws, "about-us").ToString());
        Assert.NotEqual(h.Cache.KeyForSlug(h.Ws, "about-us"), h.Cache.KeyForSlug(h.Ws, "about-us", locale: "de"));
        Assert.NotEqual(h.Cache.KeyForSlug(h.Ws, "about-us", locale: "de"), h.Cache.KeyForSlug(h.Ws, "about-us", locale: "de-CH"));
        Assert.Equal(h.Cache.KeyForSlug(h.Ws, "about-us", locale: "de-ch"), h.Cache.KeyForSlug(h.Ws, "about-us", locale: "DE-CH"));
        var list = new VersoContentListQuery { PageSize = 10 };
        Assert.NotEqual(h.Cache.KeyForList(h.Ws, list), h.Cache.KeyForList(h.Ws, list with { Locale = "de" }));
        Assert.Equal(h.Cache.KeyForList(h.Ws, list with { Locale = "de-ch" }), h.Cache.KeyForList(h.Ws, list with { Locale = "de-CH" }));
        Assert.Equal($"verso:content:{p}:{h.Ws}:locales", h.Cache.KeyForLocales(h.Ws).ToString());

        var group = Guid.NewGuid();
        var en = NewMember(group, "en", "about-us");
        var de = NewMember(group, "de", "ueber-uns");
        h.Api.Answers[("about-us", "de")] = Version(de, "de", [de, en]);
        h.Api.Answers[("about-us", "en")] = Version(en, "en", [de, en]);
        var german = await h.Cache.GetContentBySlugAsync(h.Ws, "about-us", locale: "de");
        Assert.Equal(("de", "de"), (german.LocaleCode, german.RequestedLocale));
        Assert.Equal(["ueber-uns", "about-us"], german.Alternates!.Select(a => a.Slug));
        Assert.Equal(de.ContentItemId, german.Alternates![0].ContentItemId);
        Assert.Equal("en", (await h.Cache.GetContentBySlugAsync(h.Ws, "about-us", locale: "en")).LocaleCode);
        Assert.Equal("de", (await h.Cache.GetContentBySlugAsync(h.Ws, "about-us", locale: "DE")).LocaleCode);
        Assert.Equal(2, h.Api.BySlug);
        Assert.Equal(["de", "en"], h.Api.Transport.Requests.Select(r => HttpUtility.ParseQueryString(r.Uri.Query)["locale"]));

        // The list sends it too, cached or direct.
        await h.Cache.ListContentAsync(h.Ws, list with { Locale = "de-CH" });
        await h.Cache.ListContentAsync(h.Ws, list with { Locale = "de-ch" });
        using var direct = Clients.Build(h.Api.Transport);
        await direct.Api.ListContentAsync(h.Ws, list with { Locale = "de-CH", SortBy = "slug" });
        var lists = h.Api.Transport.Requests.Where(r => r.Uri.AbsolutePath.EndsWith("/content", StringComparison.Ordinal)).ToList();
        Assert.Equal(2, lists.Count);
        Assert.All(lists, r => Assert.Equal("de-CH", HttpUtility.ParseQueryString(r.Uri.Query)["locale"]));
        Assert.Equal("slug", HttpUtility.ParseQueryString(lists[1].Uri.Query)["sortBy"]);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task A_content_event_ends_every_entry_that_depended_on_its_translation_group_and_no_other(Backend backend)
    {
        using var h = new Harness(backend);
        var group = Guid.NewGuid();
        var en = NewMember(group, "en", "about-us");
        var de = NewMember(group, "de", "ueber-uns");
        var other = NewMember(Guid.NewGuid(), "en", "contact");
        // de-CH falls back to English (no German member serves yet); the German member read without a locale serves
        // itself with English's shared fields (only its group says so).
        h.Api.Answers[("about-us", "de-ch")] = Version(en, "de-CH", [en]);
        h.Api.Answers[("ueber-uns", "")] = Version(de);
        h.Api.Answers[("contact", "de-ch")] = Version(other, "de-CH", [other]);
        async Task ReadAll()
        {
            await h.Cache.GetContentBySlugAsync(h.Ws, "about-us", locale: "de-CH");
            await h.Cache.GetContentBySlugAsync(h.Ws, "ueber-uns");
            await h.Cache.GetContentBySlugAsync(h.Ws, "contact", locale: "de-CH");
        }
        await ReadAll();
        await ReadAll();
        Assert.Equal(3, h.Api.BySlug);

        // The German member is published: an item no entry named, without purge keys (a server from before them).
        h.Api.Answers[("about-us", "de-ch")] = Version(de, "de-CH", [de, en]);
        var result = await DeliverAsync(h.Cache, VersoWebhookEventTypes.ContentVersionPublished, ContentEvent(h.Ws, de.ContentItemId, group));
        Assert.Equal((VersoContentCacheInvalidationScope.ContentItem, (Guid?)de.ContentItemId, (Guid?)group), (result.Scope, result.ContentItemId, result.TranslationGroupId));
        Assert.Equal([de.ContentItemId], result.ContentItemIds);
        var payload = result.Event.PayloadAs<VersoContentEventPayload>();
        Assert.Equal(("de", (Guid?)group, (IReadOnlyList<string>?)null), (payload.LocaleCode, payload.TranslationGroupId, payload.PurgeKeys));

        Assert.Equal("de", (await h.Cache.GetContentBySlugAsync(h.Ws, "about-us", locale: "de-CH")).LocaleCode);
        await ReadAll();
        Assert.Equal(5, h.Api.BySlug);

        // By hand: the same.
        await h.Cache.InvalidateTranslationGroupAsync(h.Ws, group);
        await ReadAll();
        Assert.Equal(7, h.Api.BySlug);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task Alternates_and_children_missing_in_the_locale_are_dependencies_reached_through_the_purge_keys(Backend backend)
    {
        using var h = new Harness(backend);
        var pageGroup = Guid.NewGuid();
        var childGroup = Guid.NewGuid();
        var page = NewMember(pageGroup, "de", "start");
        var pageEn = NewMember(pageGroup, "en", "home");
        var childEn = NewMember(childGroup, "en", "teaser");
        var childDe = NewMember(childGroup, "de", "anreisser");
        // The child value names the English child; no member serves in the reader's chain, so `child` is absent and
        // the answer carries no group of the child.
        object[] Fields(Member? child) => [new { fieldId = Guid.Empty, key = "teaser", order = 0, valueKind = "ChildContent", childContentItemId = childEn.ContentItemId, child = child is null ? null : Version(child) }];
        h.Api.Answers[("start", "de")] = Version(page, "de", [page, pageEn], Fields(null));
        Task Read() => h.Cache.GetContentBySlugAsync(h.Ws, "start", locale: "de");
        await Read();
        await Read();
        Assert.Equal(1, h.Api.BySlug);

        // The German child is published: its purge keys name every member of the child's group and the page.
        h.Api.Answers[("start", "de")] = Version(page, "de", [page, pageEn], Fields(childDe));
        var result = await DeliverAsync(h.Cache, VersoWebhookEventTypes.ContentVersionPublished,
            ContentEvent(h.Ws, childDe.ContentItemId, childGroup, $"list-{h.Ws}", $"item-{childDe.ContentItemId}", $"item-{childEn.ContentItemId}", $"item-{page.ContentItemId}"));
        Assert.Equal([childDe.ContentItemId, childEn.ContentItemId, page.ContentItemId], result.ContentItemIds);
        Assert.Equal(childDe.ContentItemId, (await h.Cache.GetContentBySlugAsync(h.Ws, "start", locale: "de")).Fields.Single().Child!.ContentItemId);
        await Read();
        Assert.Equal(2, h.Api.BySlug);

        // An alternate's own event, naming no group: the English page is unpublished.
        h.Api.Answers[("start", "de")] = Version(page, "de", [page], Fields(childDe));
        await DeliverAsync(h.Cache, VersoWebhookEventTypes.ContentVersionStatusChanged, ContentEvent(h.Ws, pageEn.ContentItemId, null));
        Assert.Single((await h.Cache.GetContentBySlugAsync(h.Ws, "start", locale: "de")).Alternates!);
        Assert.Equal(3, h.Api.BySlug);

        // Another item's event leaves the entry.
        await DeliverAsync(h.Cache, VersoWebhookEventTypes.ContentVersionPublished, ContentEvent(h.Ws, Guid.NewGuid(), Guid.NewGuid(), $"list-{h.Ws}"));
        await Read();
        Assert.Equal(3, h.Api.BySlug);

        // Too many dependents to name (ws-<id>): the whole workspace.
        var wide = await DeliverAsync(h.Cache, VersoWebhookEventTypes.ContentVersionPublished, ContentEvent(h.Ws, childEn.ContentItemId, childGroup, $"ws-{h.Ws}", $"list-{h.Ws}"));
        Assert.Equal((VersoContentCacheInvalidationScope.Workspace, (Guid?)null), (wide.Scope, wide.ContentItemId));
        await Read();
        Assert.Equal(4, h.Api.BySlug);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task The_workspace_locales_are_cached_until_the_workspace_is_invalidated_not_by_a_content_event(Backend backend)
    {
        using var h = new Harness(backend);
        h.Api.Locales = new { defaultLocale = "en", locales = new[] { new { code = "en", name = "English", fallback = Array.Empty<string>() }, new { code = "de", name = "Deutsch", fallback = new[] { "en" } } } };
        var locales = await h.Cache.GetWorkspaceLocalesAsync(h.Ws);
        Assert.Equal("en", locales.DefaultLocale);
        Assert.Equal(["en", "de"], locales.Locales.Select(l => l.Code));
        Assert.Equal(["en"], locales.Locales.Last().Fallback);
        await h.Cache.GetWorkspaceLocalesAsync(h.Ws);
        await DeliverAsync(h.Cache, VersoWebhookEventTypes.ContentVersionPublished, ContentEvent(h.Ws, Guid.NewGuid(), Guid.NewGuid()));
        await h.Cache.GetWorkspaceLocalesAsync(h.Ws);
        Assert.Equal(1, h.Api.LocalesRead);

        h.Api.Locales = new { defaultLocale = "en", locales = new[] { new { code = "en", name = "English", fallback = Array.Empty<string>() } } };
        var saved = await DeliverAsync(h.Cache, VersoWebhookEventTypes.WorkspaceUpdated, $$"""{"workspaceId":"{{h.Ws}}","name":"Site","slug":"site"}""");
        Assert.Equal(VersoContentCacheInvalidationScope.Workspace, saved.Scope);
        Assert.Single((await h.Cache.GetWorkspaceLocalesAsync(h.Ws)).Locales);
        Assert.Equal(2, h.Api.LocalesRead);
    }
}
