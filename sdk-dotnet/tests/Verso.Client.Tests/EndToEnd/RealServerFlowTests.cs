using Verso.Client.Concurrency;
using Verso.Client.Errors;
using Verso.Client.Generated;
using Verso.Client.Paging;
using static Verso.Client.Tests.Support.E2eEnvironment;

namespace Verso.Client.Tests.EndToEnd;

/// <summary>
/// The end-to-end flow through the generated .NET client against the real API that sdk-dotnet/test.sh starts
/// (sdk-dotnet/e2e-server.mjs: embedded PostgreSQL, migrated, seeded admin): login → workspace → model → content →
/// workflow → by-slug → paged list, plus a real 412 refreshed by OptimisticConcurrency and a real 422.
/// </summary>
/// <remarks>
/// The server's address and the seeded admin come from VERSO_E2E_BASE_URL, VERSO_E2E_EMAIL and VERSO_E2E_PASSWORD.
/// Missing variables fail the test: test.sh always sets them, and a silently skipped end-to-end test would hide that
/// the server never ran. One test walks the whole story because each step needs the ids of the one before.
/// </remarks>
public sealed class RealServerFlowTests
{
    private const int ItemCount = 7; // pages of 3, 3 and 1
    private const int PageSize = 3;
    private static readonly string Suffix = Guid.NewGuid().ToString("N")[..8];

    private static ContentFieldValueRequest Title(Guid fieldId, string text) =>
        new() { FieldId = fieldId, Order = 0, ValueKind = ValueKind.Text, TextValue = text };

    [Fact]
    public async Task Login_workspace_model_content_workflow_by_slug_and_every_page()
    {
        var baseUrl = Required("VERSO_E2E_BASE_URL");
        var email = Required("VERSO_E2E_EMAIL");
        var password = Required("VERSO_E2E_PASSWORD");
        using var cts = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        var ct = cts.Token;

        // Login flow: the session token lives in this scope and a provider hands it to every attempt.
        string? sessionToken = null;
        using var verso = new VersoClientBuilder(baseUrl).WithTokenProvider(_ => ValueTask.FromResult(sessionToken)).Build();
        var login = await verso.Api.LoginAsync(new LoginRequest { Email = email, Password = password }, ct);
        sessionToken = login.Token;
        Assert.True(login.MustChangePassword, "the seeded admin starts with a one-time password");
        var me = await verso.Api.GetCurrentUserAsync(ct);
        Assert.Equal(email, me.Email);
        Assert.NotNull(verso.Session.ExpiresAt);

        var workspace = await verso.Api.CreateWorkspaceAsync(new WorkspaceRequest { Name = $"SDK e2e {Suffix}", Slug = $"dotnet-e2e-{Suffix}" }, ct);
        var ws = workspace.Id;
        Assert.Equal(ws, (await verso.Api.GetWorkspaceAsync(ws, ct)).Id);

        // A real 400 from the contract validator: one sentence per input, keyed by its JSON pointer.
        var unreadable = await Assert.ThrowsAsync<VersoApiException>(() =>
            verso.Api.CreateTemplateAsync(ws, new CreateTemplateRequest { Name = "  ", Slug = "Not A Slug" }, ct));
        Assert.Equal(400, unreadable.Status);
        Assert.Equal(["Must not be blank: type something other than spaces."], unreadable.MessagesFor("/name"));
        Assert.Equal(["Use lower-case letters and digits, words joined by single dashes, such as blog-article."], unreadable.MessagesFor("/slug"));
        Assert.Equal(2, unreadable.FieldErrors.Count);

        // Model: a template whose draft version 1 gets a required Text title, then is published. Changes to a draft
        // are guarded by the version's ETag (a missing If-Match is 412): read the version, send its tag.
        var template = await verso.Api.CreateTemplateAsync(ws, new CreateTemplateRequest { Name = "Article", Slug = $"article-{Suffix}" }, ct);
        var draftUrl = new Uri(verso.BaseUrl, $"api/v1/workspaces/{ws}/templates/{template.Id}/versions/1");
        async Task<string?> DraftTag()
        {
            await verso.Api.GetTemplateVersionAsync(ws, template.Id, 1, ct);
            return verso.ETags.Get(draftUrl);
        }
        var title = await verso.Api.CreateTemplateFieldAsync(ws, template.Id, 1, new TemplateFieldRequest
        {
            Key = "title", Label = "Title", Order = 0, CompositionMode = CompositionMode.Inline,
            PrimitiveType = PrimitiveType.Text, IsRequired = true, MinOccurrences = 1, MaxOccurrences = 1,
        }, await DraftTag(), ct);
        var model = await verso.Api.PublishTemplateVersionAsync(ws, template.Id, 1, await DraftTag(), ct);
        Assert.Equal(TemplateVersionStatus.Published, model.Status);

        var items = new List<ContentItemDetailResponse>();
        for (var i = 0; i < ItemCount; i++)
        {
            items.Add(await verso.Api.CreateContentAsync(ws, new CreateContentItemRequest
            {
                TemplateVersionId = model.Id, Slug = $"post-{i:00}-{Suffix}", LocaleCode = "en", Tags = [],
                Fields = [Title(title.Id, $"Post {i}")],
            }, ct));
        }
        Assert.All(items, item => Assert.Equal(ContentStatus.Draft, Assert.Single(item.Versions).Status));

        // Workflow: Draft → Review → Approved → Published, then the served version by slug.
        var first = items[0];
        Assert.Equal(ContentStatus.Review, (await verso.Api.SubmitContentVersionAsync(ws, first.Id, 1, ct)).Status);
        Assert.Equal(ContentStatus.Approved, (await verso.Api.ApproveContentVersionAsync(ws, first.Id, 1, ct)).Status);
        var published = await verso.Api.PublishContentVersionAsync(ws, first.Id, 1, new PublishContentVersionRequest(), ct);
        Assert.Equal(ContentStatus.Published, published.Version.Status);
        var bySlug = await verso.Api.GetContentBySlugAsync(ws, first.Slug!, cancellationToken: ct);
        Assert.Equal((first.Id, 1, ContentStatus.Published), (bySlug.ContentItemId, bySlug.VersionNumber, bySlug.Status));
        Assert.Equal("Post 0", bySlug.Fields.Single(f => f.Key == "title").TextValue);

        // Every page, small pages, stable order: each item exactly once.
        var pages = new List<int>();
        await foreach (var page in VersoPaging.PagesAsync<ContentItemSummaryResponse>(
            async (n, token) => await verso.Api.ListContentAsync(ws, sortBy: "slug", page: n, pageSize: PageSize, cancellationToken: token), cancellationToken: ct))
        {
            pages.Add(page.Page);
        }
        Assert.Equal([1, 2, 3], pages);
        var seen = new List<Guid>();
        await foreach (var item in VersoPaging.ListAllAsync<ContentItemSummaryResponse>(
            async (n, token) => await verso.Api.ListContentAsync(ws, sortBy: "slug", page: n, pageSize: PageSize, cancellationToken: token), cancellationToken: ct))
        {
            seen.Add(item.Id);
        }
        Assert.Equal(items.Select(i => i.Id).Order(), seen.Order());
        Assert.Equal(ItemCount, seen.Distinct().Count());

        await A_write_raced_by_another_client_is_refreshed_after_412(verso, baseUrl, email, password, ws, items[1].Id, title.Id, ct);

        // A Draft may be incomplete (#25): content without its required title is saved, and submitting it is a real
        // 422 with problem details naming the missing field.
        var untitled = await verso.Api.CreateContentAsync(ws, new CreateContentItemRequest
        {
            TemplateVersionId = model.Id, Slug = $"untitled-{Suffix}", Tags = [], Fields = [],
        }, ct);
        var invalid = await Assert.ThrowsAsync<VersoApiException>(() => verso.Api.SubmitContentVersionAsync(ws, untitled.Id, 1, ct));
        Assert.Equal(422, invalid.Status);
        Assert.Equal("https://verso.dev/errors/validation-failed", invalid.Problem.Type);
        Assert.Equal(["/fields/title"], invalid.Problem.Errors.Keys);
        Assert.False(string.IsNullOrEmpty(invalid.TraceId));
        Assert.Equal(invalid.Problem.CorrelationId, invalid.CorrelationId);

        await Duplicate_rollback_and_approval_reset(verso, ws, items[2], title.Id, ct);
        await Draft_structure_without_a_tag_proceeds_and_a_stale_one_is_412(verso, ws, ct);
    }

    /// <summary>Duplicate an item, roll back to a version, and an edit after approval answering the version in Draft.</summary>
    private static async Task Duplicate_rollback_and_approval_reset(VersoClient verso, Guid ws, ContentItemDetailResponse item, Guid titleId, CancellationToken ct)
    {
        var copy = await verso.Api.DuplicateContentAsync(ws, item.Id, cancellationToken: ct);
        Assert.Equal($"{item.Slug}-copy", copy.Slug);
        Assert.NotEqual(item.TranslationGroupId, copy.TranslationGroupId);
        Assert.Equal(ContentStatus.Draft, Assert.Single(copy.Versions).Status);
        var named = await verso.Api.DuplicateContentAsync(ws, item.Id, new DuplicateContentItemRequest { Slug = $"{item.Slug}-again" }, ct);
        Assert.Equal($"{item.Slug}-again", named.Slug);

        await verso.Api.CreateContentVersionAsync(ws, item.Id, new CreateContentVersionRequest { Fields = [Title(titleId, "Second thoughts")] }, cancellationToken: ct);
        var rolledBack = await verso.Api.RollbackContentVersionAsync(ws, item.Id, 1, cancellationToken: ct);
        Assert.Equal((3, ContentStatus.Draft, (int?)1), (rolledBack.VersionNumber, rolledBack.Status, rolledBack.RolledBackFromVersionNumber));
        Assert.Equal("Post 2", rolledBack.Fields.Single(f => f.Key == "title").TextValue);

        await verso.Api.SubmitContentVersionAsync(ws, item.Id, 3, ct);
        await verso.Api.ApproveContentVersionAsync(ws, item.Id, 3, ct);
        await verso.Api.GetContentVersionAsync(ws, item.Id, 3, cancellationToken: ct); // tracks the version's ETag
        var edited = await verso.Api.UpdateContentVersionAsync(ws, item.Id, 3, new UpdateContentVersionRequest { Fields = [Title(titleId, "Edited after approval")] }, cancellationToken: ct);
        Assert.Equal(ContentStatus.Draft, edited.Status);
        Assert.Equal(ContentStatus.Approved, edited.ReturnedToDraftFrom);

        // Version compare (#25): the item and two of its versions in one read; without numbers, the latest and the one before.
        var latest = await verso.Api.CompareContentVersionsAsync(ws, item.Id, cancellationToken: ct);
        Assert.Equal((2, 3), (latest.From.VersionNumber, latest.To.VersionNumber));
        Assert.Equal(item.Id, latest.Item.Id);
        Assert.Empty(latest.Children);
        var picked = await verso.Api.CompareContentVersionsAsync(ws, item.Id, from: 1, to: 3, cancellationToken: ct);
        Assert.Equal(("Post 2", "Edited after approval"), (picked.From.Fields.Single(f => f.Key == "title").TextValue, picked.To.Fields.Single(f => f.Key == "title").TextValue));
        var missing = await Assert.ThrowsAsync<VersoApiException>(() => verso.Api.CompareContentVersionsAsync(ws, item.Id, from: 9, cancellationToken: ct));
        Assert.Equal(404, missing.Status);
    }

    /// <summary>
    /// The ten draft-structure operations compare If-Match when it is sent and proceed without it (upstream's own clients
    /// send none); a tag the client read before someone else's change is stale: 412.
    /// </summary>
    private static async Task Draft_structure_without_a_tag_proceeds_and_a_stale_one_is_412(VersoClient verso, Guid ws, CancellationToken ct)
    {
        var template = await verso.Api.CreateTemplateAsync(ws, new CreateTemplateRequest { Name = "Note", Slug = $"note-{Suffix}" }, ct);
        var draftUrl = new Uri(verso.BaseUrl, $"api/v1/workspaces/{ws}/templates/{template.Id}/versions/1");
        await verso.Api.GetTemplateVersionAsync(ws, template.Id, 1, ct);
        var seen = verso.ETags.Get(draftUrl);
        var section = await verso.Api.CreateTemplateSectionAsync(ws, template.Id, 1, new TemplateSectionRequest { Name = "Main", Order = 0 }, cancellationToken: ct);
        Assert.Equal("Main", section.Name);
        var stale = await Assert.ThrowsAsync<VersoApiException>(() => verso.Api.CreateTemplateSectionAsync(ws, template.Id, 1, new TemplateSectionRequest { Name = "Side", Order = 1 }, seen, ct));
        Assert.Equal(412, stale.Status);
        var published = await verso.Api.PublishTemplateVersionAsync(ws, template.Id, 1, cancellationToken: ct);
        Assert.Equal(TemplateVersionStatus.Published, published.Status);
    }

    /// <summary>
    /// Another session (its own client, own ETags) writes between our read and our write: the If-Match our client
    /// tracked is stale, the server answers 412, and OptimisticConcurrency re-reads and re-applies the change once.
    /// </summary>
    private static async Task A_write_raced_by_another_client_is_refreshed_after_412(
        VersoClient verso, string baseUrl, string email, string password, Guid ws, Guid itemId, Guid titleId, CancellationToken ct)
    {
        var rivalLogin = await verso.Api.LoginAsync(new LoginRequest { Email = email, Password = password }, ct);
        using var rival = new VersoClientBuilder(baseUrl).WithToken(rivalLogin.Token).Build();
        var reads = 0;
        var writes = 0;
        var result = await OptimisticConcurrency.UpdateAsync(
            async token =>
            {
                reads++;
                return await verso.Api.GetContentVersionAsync(ws, itemId, 1, cancellationToken: token);
            },
            async (current, token) =>
            {
                if (++writes == 1)
                {
                    await rival.Api.GetContentVersionAsync(ws, itemId, 1, cancellationToken: token); // tracks the rival's ETag
                    await rival.Api.UpdateContentVersionAsync(ws, itemId, 1, new UpdateContentVersionRequest { Fields = [Title(titleId, "Rival edit")] }, cancellationToken: token);
                }
                var text = current.Fields.Single(f => f.Key == "title").TextValue;
                return await verso.Api.UpdateContentVersionAsync(ws, itemId, 1, new UpdateContentVersionRequest { Fields = [Title(titleId, text + " + ours")] }, cancellationToken: token);
            },
            cancellationToken: ct);
        Assert.Equal((2, 2), (reads, writes));
        Assert.Equal("Rival edit + ours", result.Fields.Single(f => f.Key == "title").TextValue);
    }
}
