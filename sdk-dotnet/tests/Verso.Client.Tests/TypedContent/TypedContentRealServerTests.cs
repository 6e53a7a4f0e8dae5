using System.Text;
using Verso.Client.Content;
using Verso.Client.Generated;
using Verso.Client.Media;
using static Verso.Client.Tests.Support.E2eEnvironment;
using static Verso.Client.Tests.Support.RealServerModel;

namespace Verso.Client.Tests.TypedContent;

/// <summary>
/// <c>ToContent&lt;T&gt;()</c> against the real API that sdk-dotnet/test.sh starts: a template with every field type, a
/// picklist (single and multiple), a component with a repeated nested component, a repeated text field and two child
/// content fields (Inline and Reference) of a child template; everything published, read by slug with
/// <c>expandChildren</c>, mapped onto records, and compared with what was written.
/// </summary>
/// <remarks>Missing VERSO_E2E_* variables fail the test (test.sh always sets them; a skip would hide a dead server).</remarks>
public sealed class TypedContentRealServerTests
{
    public sealed record Cta(string Label, Uri Href);

    public sealed record Hero(string Heading, Guid Image, int Rank, IReadOnlyList<Cta> Buttons);

    public sealed record Person(string Name, string? Bio);

    public sealed record Citation(string Text, string By);

    public enum Category
    {
        News,
        Opinion,
    }

    public sealed record Article(
        string Title,
        string Body,
        string Summary,
        bool Featured,
        decimal Price,
        DateTimeOffset PublishOn,
        DateOnly EventDay,
        Category Category,
        [VersoField("category")] VersoPickListOption CategoryOption,
        IReadOnlyList<string> Tags,
        Guid Cover,
        Guid Attachment,
        Uri Link,
        Citation Quote,
        Hero Hero,
        string[] Keywords,
        Person Author,
        Person Reviewer,
        [VersoField("reviewer")] Guid ReviewerId);

    [Fact]
    public async Task A_published_item_read_by_slug_with_children_maps_onto_records_equal_to_what_was_written()
    {
        using var cts = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        var ct = cts.Token;
        string? token = null;
        using var verso = new VersoClientBuilder(Required("VERSO_E2E_BASE_URL")).WithTokenProvider(_ => ValueTask.FromResult(token)).Build();
        token = (await verso.Api.LoginAsync(new LoginRequest { Email = Required("VERSO_E2E_EMAIL"), Password = Required("VERSO_E2E_PASSWORD") }, ct)).Token;
        var s = Guid.NewGuid().ToString("N")[..8];
        var ws = (await verso.Api.CreateWorkspaceAsync(new WorkspaceRequest { Name = $"SDK typed {s}", Slug = $"dotnet-typed-{s}" }, ct)).Id;

        // Assets for the Media and File fields and for the component's image.
        var png = Convert.FromHexString("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082");
        var cover = (await verso.UploadMediaAsync(ws, new MemoryStream(png), "cover.png", "image/png", cancellationToken: ct)).Id;
        var pdf = Encoding.ASCII.GetBytes("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
        var attachment = (await verso.UploadMediaAsync(ws, new MemoryStream(pdf), "terms.pdf", "application/pdf", cancellationToken: ct)).Id;

        var categories = await verso.Api.CreatePickListAsync(ws, new PickListRequest
        {
            Name = "Category", Slug = $"category-{s}",
            Options = [new PickListOptionRequest { Label = "News", Value = "news" }, new PickListOptionRequest { Label = "Opinion", Value = "opinion" }],
        }, ct);
        var tagList = await verso.Api.CreatePickListAsync(ws, new PickListRequest
        {
            Name = "Tags", Slug = $"tags-{s}",
            Options = [new PickListOptionRequest { Label = "Alpha", Value = "alpha" }, new PickListOptionRequest { Label = "Beta", Value = "beta" }, new PickListOptionRequest { Label = "Gamma", Value = "gamma" }],
        }, ct);

        // Components: Cta (label, href) repeated inside Hero (heading, image, rank, buttons).
        var cta = await PublishedComponentAsync(verso, ws, "Cta", $"cta-{s}",
        [
            new ComponentFieldRequest { Key = "label", Label = "Label", Order = 0, PrimitiveType = PrimitiveType.Text, IsRequired = true },
            new ComponentFieldRequest { Key = "href", Label = "Href", Order = 1, PrimitiveType = PrimitiveType.Text },
        ], ct);
        var hero = await PublishedComponentAsync(verso, ws, "Hero", $"hero-{s}",
        [
            new ComponentFieldRequest { Key = "heading", Label = "Heading", Order = 0, PrimitiveType = PrimitiveType.Text, IsRequired = true },
            new ComponentFieldRequest { Key = "image", Label = "Image", Order = 1, PrimitiveType = PrimitiveType.Media },
            new ComponentFieldRequest { Key = "rank", Label = "Rank", Order = 2, PrimitiveType = PrimitiveType.Text },
            new ComponentFieldRequest { Key = "buttons", Label = "Buttons", Order = 3, NestedComponentId = cta, MaxOccurrences = null },
        ], ct);

        // The child template, then the article template with every field type.
        var (personTemplate, personVersion, personFields) = await PublishedTemplateAsync(verso, ws, "Person", $"person-{s}",
        [
            Field("name", PrimitiveType.Text, required: true),
            Field("bio", PrimitiveType.Markdown),
        ], ct);
        var (_, articleVersion, f) = await PublishedTemplateAsync(verso, ws, "Article", $"article-{s}",
        [
            Field("title", PrimitiveType.Text, required: true),
            Field("body", PrimitiveType.RichText),
            Field("summary", PrimitiveType.Markdown),
            Field("featured", PrimitiveType.Boolean),
            Field("price", PrimitiveType.Text),
            Field("publishOn", PrimitiveType.Text),
            Field("eventDay", PrimitiveType.Text),
            new TemplateFieldRequest
            {
                Key = "category", Label = "category", CompositionMode = CompositionMode.Inline, PrimitiveType = PrimitiveType.PickList,
                PicklistId = categories.Id, PicklistRevisionId = categories.RevisionId, MaxOccurrences = 1,
            },
            new TemplateFieldRequest
            {
                Key = "tags", Label = "tags", CompositionMode = CompositionMode.Inline, PrimitiveType = PrimitiveType.PickList,
                PicklistId = tagList.Id, PicklistRevisionId = tagList.RevisionId, MaxOccurrences = null,
                FieldConfig = new FieldConfig { AdditionalProperties = { ["multiple"] = true } },
            },
            Field("cover", PrimitiveType.Media),
            Field("attachment", PrimitiveType.File),
            Field("link", PrimitiveType.Link),
            Field("quote", PrimitiveType.Quote),
            Field("divider", PrimitiveType.Separator),
            new TemplateFieldRequest { Key = "hero", Label = "hero", CompositionMode = CompositionMode.Inline, ComponentId = hero, MaxOccurrences = 1 },
            Field("keywords", PrimitiveType.Text, max: 5),
            new TemplateFieldRequest { Key = "author", Label = "author", CompositionMode = CompositionMode.Inline, TemplateId = personTemplate, MaxOccurrences = 1 },
            new TemplateFieldRequest { Key = "reviewer", Label = "reviewer", CompositionMode = CompositionMode.Reference, TemplateId = personTemplate, MaxOccurrences = 1 },
        ], ct);

        var ada = await PublishedContentAsync(verso, ws, personVersion, $"ada-{s}",
            [Text(personFields["name"], "Ada Lovelace"), new() { FieldId = personFields["bio"], Order = 0, ValueKind = ValueKind.Markdown, TextValue = "Wrote *the* first program." }], ct);
        var grace = await PublishedContentAsync(verso, ws, personVersion, $"grace-{s}", [Text(personFields["name"], "Grace Hopper")], ct);

        var article = await PublishedContentAsync(verso, ws, articleVersion, $"typed-{s}",
        [
            Text(f["title"], "Typed content"),
            new() { FieldId = f["body"], Order = 0, ValueKind = ValueKind.RichText, TextValue = "<p>Hello <b>world</b></p>" },
            new() { FieldId = f["summary"], Order = 0, ValueKind = ValueKind.Markdown, TextValue = "A **short** summary" },
            new() { FieldId = f["featured"], Order = 0, ValueKind = ValueKind.Boolean, BoolValue = true },
            Text(f["price"], "1299.95"),
            Text(f["publishOn"], "2026-12-01T09:30:00+01:00"),
            Text(f["eventDay"], "2026-12-24"),
            new() { FieldId = f["category"], Order = 0, ValueKind = ValueKind.PickList, TextValue = "opinion" },
            new() { FieldId = f["tags"], Order = 0, ValueKind = ValueKind.PickList, TextValue = "gamma" },
            new() { FieldId = f["tags"], Order = 1, ValueKind = ValueKind.PickList, TextValue = "alpha" },
            new() { FieldId = f["cover"], Order = 0, ValueKind = ValueKind.Media, MediaAssetId = cover },
            new() { FieldId = f["attachment"], Order = 0, ValueKind = ValueKind.File, FileAssetId = attachment },
            new() { FieldId = f["link"], Order = 0, ValueKind = ValueKind.Link, TextValue = "https://example.com/more" },
            new() { FieldId = f["quote"], Order = 0, ValueKind = ValueKind.Quote, JsonValue = new { text = "Simplicity is prerequisite for reliability.", by = "Dijkstra" } },
            new() { FieldId = f["divider"], Order = 0, ValueKind = ValueKind.Separator },
            new()
            {
                FieldId = f["hero"], Order = 0, ValueKind = ValueKind.Component,
                JsonValue = new
                {
                    heading = "Welcome", image = cover.ToString(), rank = "2",
                    buttons = new[] { new { label = "Read", href = "https://example.com/read" }, new { label = "Share", href = "/share" } },
                },
            },
            Text(f["keywords"], "cms", 0),
            Text(f["keywords"], "dotnet", 1),
            Text(f["keywords"], "typed", 2),
            new() { FieldId = f["author"], Order = 0, ValueKind = ValueKind.ChildContent, ChildContentItemId = ada },
            new() { FieldId = f["reviewer"], Order = 0, ValueKind = ValueKind.ChildContent, ChildContentItemId = grace },
        ], ct);

        var served = await verso.Api.GetContentBySlugAsync(ws, $"typed-{s}", expandChildren: true, cancellationToken: ct);
        var typed = served.ToContent<Article>();

        Assert.Equal("Typed content", typed.Title);
        Assert.Equal("<p>Hello <b>world</b></p>", typed.Body);
        Assert.Equal("A **short** summary", typed.Summary);
        Assert.True(typed.Featured);
        Assert.Equal(1299.95m, typed.Price);
        Assert.Equal(new DateTimeOffset(2026, 12, 1, 9, 30, 0, TimeSpan.FromHours(1)), typed.PublishOn);
        Assert.Equal(new DateOnly(2026, 12, 24), typed.EventDay);
        Assert.Equal(Category.Opinion, typed.Category);
        Assert.Equal(new VersoPickListOption("opinion", "Opinion"), typed.CategoryOption);
        Assert.Equal(["gamma", "alpha"], typed.Tags);
        Assert.Equal(cover, typed.Cover);
        Assert.Equal(attachment, typed.Attachment);
        Assert.Equal(new Uri("https://example.com/more"), typed.Link);
        Assert.Equal(new Citation("Simplicity is prerequisite for reliability.", "Dijkstra"), typed.Quote);
        Assert.Equal(("Welcome", cover, 2), (typed.Hero.Heading, typed.Hero.Image, typed.Hero.Rank));
        Assert.Equal([new Cta("Read", new Uri("https://example.com/read")), new Cta("Share", new Uri("/share", UriKind.Relative))], typed.Hero.Buttons);
        Assert.Equal(["cms", "dotnet", "typed"], typed.Keywords);
        Assert.Equal(new Person("Ada Lovelace", "Wrote *the* first program."), typed.Author);
        Assert.Equal(new Person("Grace Hopper", null), typed.Reviewer);
        Assert.Equal(grace, typed.ReviewerId);

        // The same version read by number maps the same; with expandChildren=false (the default is true) the children
        // are not expanded: their records are null, their ids still there.
        var byNumber = (await verso.Api.GetContentVersionAsync(ws, article, 1, expandChildren: true, cancellationToken: ct)).ToContent<Article>();
        Assert.Equal((typed.Title, typed.Author, typed.Reviewer, typed.Price), (byNumber.Title, byNumber.Author, byNumber.Reviewer, byNumber.Price));
        var flat = (await verso.Api.GetContentBySlugAsync(ws, $"typed-{s}", expandChildren: false, cancellationToken: ct)).ToContent<Article>();
        Assert.Null(flat.Author);
        Assert.Equal(grace, flat.ReviewerId);
    }

    private static TemplateFieldRequest Field(string key, PrimitiveType type, bool required = false, int? max = 1) => new()
    {
        Key = key, Label = key, CompositionMode = CompositionMode.Inline, PrimitiveType = type,
        IsRequired = required, MinOccurrences = required ? 1 : 0, MaxOccurrences = max,
    };

    private static ContentFieldValueRequest Text(Guid field, string text, int order = 0) =>
        new() { FieldId = field, Order = order, ValueKind = ValueKind.Text, TextValue = text };

    private static async Task<Guid> PublishedComponentAsync(VersoClient verso, Guid ws, string name, string slug, ComponentFieldRequest[] fields, CancellationToken ct)
    {
        var component = await verso.Api.CreateComponentAsync(ws, new ComponentRequest { Name = name, Slug = slug }, ct);
        var versionUrl = new Uri(verso.BaseUrl, $"api/v1/workspaces/{ws}/components/{component.Id}/versions/1");
        async Task<string?> Tag()
        {
            await verso.Api.GetComponentVersionAsync(ws, component.Id, 1, ct);
            return verso.ETags.Get(versionUrl);
        }
        await verso.Api.ReplaceComponentFieldsAsync(ws, component.Id, 1, fields, await Tag(), ct);
        await verso.Api.PublishComponentVersionAsync(ws, component.Id, 1, await Tag(), ct);
        return component.Id;
    }
}
