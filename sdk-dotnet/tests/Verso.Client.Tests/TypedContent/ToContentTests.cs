using System.Runtime.Serialization;
using System.Text.Json;
using Verso.Client.Content;
using Verso.Client.Generated;

namespace Verso.Client.Tests.TypedContent;

/// <summary>
/// <c>version.ToContent&lt;T&gt;()</c> on versions shaped exactly as the API sends them (deserialized by the generated
/// client's own JSON settings): every value kind, lists, components, children, and the errors that name the field.
/// The real server's side of the same story is TypedContentRealServerTests.
/// </summary>
public sealed class ToContentTests
{
    private static readonly Guid MediaId = Guid.Parse("0190f3a1-7c2b-7d4e-9a10-00000000000a");
    private static readonly Guid FileId = Guid.Parse("0190f3a1-7c2b-7d4e-9a10-00000000000b");
    private static readonly Guid ChildItem = Guid.Parse("0190f3a1-7c2b-7d4e-9a10-00000000000c");

    public enum Tone
    {
        Calm,
        [EnumMember(Value = "very-loud")] VeryLoud,
    }

    public sealed record Cta(string Label, Uri Href, string? Style);

    public sealed record Hero(string Heading, Guid Image, IReadOnlyList<Cta> Buttons, int? Rank);

    public sealed record Author(string Name, [VersoField("bio")] string? Biography);

    public sealed record Article(
        string Title,
        string Body,
        [VersoField("summary-md")] string Summary,
        bool Featured,
        decimal Price,
        int Stock,
        DateTimeOffset PublishOn,
        DateOnly EventDay,
        Tone Tone,
        VersoPickListOption Category,
        IReadOnlyList<string> Tags,
        Guid Cover,
        Guid Attachment,
        string Link,
        Hero Hero,
        string[] Keywords,
        Author Author,
        Guid AuthorId);

    public sealed class MutableArticle
    {
        public string Title { get; set; } = "";

        [VersoField("summary-md")]
        public string? Summary { get; init; }

        public List<string> Keywords { get; set; } = [];

        public string Untouched { get; set; } = "initial";
    }

    private static ContentVersionFieldValueResponse Value(string key, int order, string kind, object? extra = null) =>
        JsonSerializer.Deserialize<ContentVersionFieldValueResponse>(JsonSerializer.Serialize(new Dictionary<string, object?>
        {
            ["fieldId"] = Guid.NewGuid(), ["key"] = key, ["label"] = key, ["order"] = order, ["valueKind"] = kind,
            ["textValue"] = null, ["boolValue"] = null, ["mediaAssetId"] = null, ["fileAssetId"] = null,
            ["childContentItemId"] = null, ["child"] = null, ["jsonValue"] = null, ["displayLabel"] = null,
        }.Concat(extra is null ? [] : JsonSerializer.SerializeToElement(extra).EnumerateObject().Select(p => new KeyValuePair<string, object?>(p.Name, p.Value)))
         .GroupBy(p => p.Key).ToDictionary(g => g.Key, g => g.Last().Value)), new VersoApiClient(new HttpClient()).JsonOptions)!;

    private static ContentVersionDetailResponse Version(params ContentVersionFieldValueResponse[] fields)
    {
        var json = $$"""
            {"id":"{{Guid.NewGuid()}}","contentItemId":"{{Guid.NewGuid()}}","versionNumber":1,"status":"Published",
             "templateVersionId":"{{Guid.NewGuid()}}","templateName":"Article","templateSlug":"article","slug":"a","localeCode":"en",
             "translationGroupId":null,"effectiveStartAt":null,"effectiveEndAt":null,"publishAt":null,"publishedAt":null,
             "archivedAt":null,"publishedByUserId":null,"rolledBackFromVersionNumber":null,"tags":[],
             "createdAt":"2026-11-23T08:00:00Z","updatedAt":"2026-11-23T08:00:00Z","fields":[]}
            """;
        var version = JsonSerializer.Deserialize<ContentVersionDetailResponse>(json, new VersoApiClient(new HttpClient()).JsonOptions)!;
        version.Fields = fields.ToList();
        return version;
    }

    private static ContentVersionDetailResponse FullArticle() => Version(
        Value("title", 0, "Text", new { textValue = "Hello" }),
        Value("body", 1, "RichText", new { textValue = "<p>Body</p>" }),
        Value("Summary-MD", 2, "Markdown", new { textValue = "**Sum**" }),
        Value("featured", 3, "Boolean", new { boolValue = true }),
        Value("price", 4, "Text", new { textValue = "1234.50" }),
        Value("stock", 5, "Text", new { textValue = "-7" }),
        Value("publishOn", 6, "Text", new { textValue = "2026-12-01T09:30:00+01:00" }),
        Value("eventDay", 7, "Text", new { textValue = "2026-12-24" }),
        Value("tone", 8, "PickList", new { textValue = "very-loud", displayLabel = "Very loud" }),
        Value("category", 9, "PickList", new { textValue = "news", displayLabel = "News" }),
        Value("tags", 11, "PickList", new { textValue = "b", displayLabel = "B" }),
        Value("tags", 10, "PickList", new { textValue = "a", displayLabel = "A" }),
        Value("cover", 12, "Media", new { mediaAssetId = MediaId }),
        Value("attachment", 13, "File", new { fileAssetId = FileId }),
        Value("link", 14, "Link", new { textValue = "https://example.com/x" }),
        Value("separator", 15, "Separator"),
        Value("hero", 16, "Component", new
        {
            jsonValue = new
            {
                heading = "Big", image = MediaId.ToString(), rank = 3,
                buttons = new object[] { new { label = "Go", href = "https://example.com/go" }, new { LABEL = "More", href = "/more", style = "ghost" } },
            },
        }),
        Value("keywords", 17, "Text", new { textValue = "k1" }),
        Value("keywords", 18, "Text", new { textValue = "k2" }),
        Value("author", 19, "ChildContent", new
        {
            childContentItemId = ChildItem,
            child = JsonSerializer.SerializeToElement(Version(Value("name", 0, "Text", new { textValue = "Ada" }), Value("bio", 1, "Markdown", new { textValue = "Wrote *notes*" })), new VersoApiClient(new HttpClient()).JsonOptions),
        }),
        Value("authorId", 20, "ChildContent", new { childContentItemId = ChildItem }));

    [Fact]
    public void Every_value_kind_maps_onto_a_positional_record()
    {
        var article = FullArticle().ToContent<Article>();

        Assert.Equal("Hello", article.Title);
        Assert.Equal("<p>Body</p>", article.Body);
        Assert.Equal("**Sum**", article.Summary);
        Assert.True(article.Featured);
        Assert.Equal(1234.50m, article.Price);
        Assert.Equal(-7, article.Stock);
        Assert.Equal(new DateTimeOffset(2026, 12, 1, 9, 30, 0, TimeSpan.FromHours(1)), article.PublishOn);
        Assert.Equal(new DateOnly(2026, 12, 24), article.EventDay);
        Assert.Equal(Tone.VeryLoud, article.Tone);
        Assert.Equal(new VersoPickListOption("news", "News"), article.Category);
        Assert.Equal(["a", "b"], article.Tags);
        Assert.Equal(MediaId, article.Cover);
        Assert.Equal(FileId, article.Attachment);
        Assert.Equal("https://example.com/x", article.Link);
        Assert.Equal("Big", article.Hero.Heading);
        Assert.Equal(MediaId, article.Hero.Image);
        Assert.Equal(3, article.Hero.Rank);
        Assert.Equal([new Cta("Go", new Uri("https://example.com/go"), null), new Cta("More", new Uri("/more", UriKind.Relative), "ghost")], article.Hero.Buttons);
        Assert.Equal(["k1", "k2"], article.Keywords);
        Assert.Equal(new Author("Ada", "Wrote *notes*"), article.Author);
        Assert.Equal(ChildItem, article.AuthorId);
    }

    [Fact]
    public void A_class_with_setters_and_init_properties_maps_and_keeps_defaults_for_absent_fields()
    {
        var article = FullArticle().ToContent<MutableArticle>();
        Assert.Equal("Hello", article.Title);
        Assert.Equal("**Sum**", article.Summary);
        Assert.Equal(["k1", "k2"], article.Keywords);
        Assert.Equal("initial", article.Untouched);
    }

    public sealed record Sparse(string? Title, int? Count, IReadOnlyList<string> Items, Author? Author);

    [Fact]
    public void Absent_fields_and_unexpanded_children_give_null_and_lists_become_empty_lists_only_when_present()
    {
        var sparse = Version(Value("author", 0, "ChildContent", new { childContentItemId = ChildItem })).ToContent<Sparse>();
        Assert.Null(sparse.Title);
        Assert.Null(sparse.Count);
        Assert.Null(sparse.Items);
        Assert.Null(sparse.Author);
    }

    public sealed record RawAccess(JsonElement Hero, ContentVersionFieldValueResponse Title, ContentVersionDetailResponse Author, object Featured);

    [Fact]
    public void Raw_json_raw_values_and_raw_children_are_available()
    {
        var raw = FullArticle().ToContent<RawAccess>();
        Assert.Equal("Big", raw.Hero.GetProperty("heading").GetString());
        Assert.Equal("Hello", raw.Title.TextValue);
        Assert.Equal("Ada", raw.Author.Fields.First(f => f.Key == "name").TextValue);
        Assert.Equal(true, raw.Featured);
    }

    public sealed record Linked(Link Link);

    public sealed record Link(string Url, string? Text);

    [Fact]
    public void A_link_with_json_maps_onto_a_record()
    {
        var version = Version(Value("link", 0, "Link", new { jsonValue = new { url = "https://example.com", text = "Example" } }));
        Assert.Equal(new Link("https://example.com", "Example"), version.ToContent<Linked>().Link);
    }

    public sealed record JsonNumbers(int A, double B, long C, decimal D, string E);

    [Fact]
    public void Numbers_inside_a_component_map_onto_numeric_types()
    {
        var version = Version(Value("n", 0, "Component", new { jsonValue = new { a = 1, b = 2.5, c = 9007199254740993L, d = 0.1m, e = 42 } }));
        Assert.Equal(new JsonNumbers(1, 2.5, 9007199254740993L, 0.1m, "42"), version.ToContent<Wrapper<JsonNumbers>>().N);
    }

    public sealed record Wrapper<T>(T N);

    [Fact]
    public void A_text_that_is_not_a_number_names_the_field_and_the_value()
    {
        var version = Version(Value("stock", 0, "Text", new { textValue = "lots" }));
        var e = Assert.Throws<VersoContentMappingException>(() => version.ToContent<StockOnly>());
        Assert.Equal("stock", e.FieldPath);
        Assert.Equal(typeof(int), e.TargetType);
        Assert.Contains("Field 'stock'", e.Message);
        Assert.Contains("\"lots\"", e.Message);
        Assert.Contains("not a number", e.Message);
        Assert.IsType<FormatException>(e.InnerException);
    }

    public sealed record StockOnly(int Stock);

    public sealed record DeepCta(Hero Hero);

    [Fact]
    public void An_error_deep_in_a_component_list_names_the_path()
    {
        var version = Version(Value("hero", 0, "Component", new
        {
            jsonValue = new { heading = "h", image = MediaId.ToString(), buttons = new object[] { new { label = "ok", href = "/a" }, new { label = new { nested = 1 }, href = "/b" } } },
        }));
        var e = Assert.Throws<VersoContentMappingException>(() => version.ToContent<DeepCta>());
        Assert.Equal("hero.buttons[1].label", e.FieldPath);
        Assert.Contains("Field 'hero.buttons[1].label' holds an object", e.Message);
    }

    [Fact]
    public void Several_values_for_a_single_property_are_refused()
    {
        var version = Version(Value("title", 0, "Text", new { textValue = "a" }), Value("title", 1, "Text", new { textValue = "b" }));
        var e = Assert.Throws<VersoContentMappingException>(() => version.ToContent<Sparse>());
        Assert.Equal("title", e.FieldPath);
        Assert.Contains("has 2 values", e.Message);
        Assert.Contains("make it a list", e.Message);
    }

    public sealed record Dated(DateOnly Day);

    [Fact]
    public void A_date_only_property_refuses_a_date_time()
    {
        var e = Assert.Throws<VersoContentMappingException>(() => Version(Value("day", 0, "Text", new { textValue = "2026-12-24T10:00:00Z" })).ToContent<Dated>());
        Assert.Contains("not a date (yyyy-MM-dd)", e.Message);
    }

    public sealed record Flags(bool Featured);

    [Fact]
    public void A_value_of_the_wrong_kind_names_the_kind_and_the_type()
    {
        var e = Assert.Throws<VersoContentMappingException>(() => Version(Value("featured", 0, "Media", new { mediaAssetId = MediaId })).ToContent<Flags>());
        Assert.Equal("featured", e.FieldPath);
        Assert.Contains("a Media value", e.Message);
        Assert.Contains("Boolean", e.Message);
    }

    public sealed record ToneOnly(Tone Tone);

    [Fact]
    public void An_unknown_enum_value_lists_the_names()
    {
        var e = Assert.Throws<VersoContentMappingException>(() => Version(Value("tone", 0, "PickList", new { textValue = "shouty" })).ToContent<ToneOnly>());
        Assert.Contains("not one of Calm, VeryLoud", e.Message);
    }

    public sealed record Counted(int Count);

    [Fact]
    public void An_empty_value_for_a_non_nullable_value_type_asks_for_a_nullable_one()
    {
        var e = Assert.Throws<VersoContentMappingException>(() => Version(Value("count", 0, "Boolean")).ToContent<Counted>());
        Assert.Contains("cannot be null: make it Int32?", e.Message);
    }

    [Fact]
    public void A_number_out_of_range_says_so()
    {
        var e = Assert.Throws<VersoContentMappingException>(() => Version(Value("count", 0, "Text", new { textValue = "99999999999" })).ToContent<Counted>());
        Assert.Contains("out of the range of Int32", e.Message);
    }

    [Fact]
    public void Numbers_are_read_in_the_invariant_culture_whatever_the_current_one()
    {
        var saved = System.Globalization.CultureInfo.CurrentCulture;
        System.Globalization.CultureInfo.CurrentCulture = new System.Globalization.CultureInfo("de-DE");
        try
        {
            Assert.Equal(1234.5m, Version(Value("n", 0, "Text", new { textValue = "1234.5" })).ToContent<Wrapper<decimal>>().N);
        }
        finally
        {
            System.Globalization.CultureInfo.CurrentCulture = saved;
        }
    }

    public sealed record Loose(IReadOnlyDictionary<string, string> Meta, Dictionary<string, List<int>> Scores);

    [Fact]
    public void A_component_object_maps_onto_a_string_keyed_dictionary_with_case_insensitive_keys()
    {
        var version = Version(
            Value("meta", 0, "Component", new { jsonValue = new { Author = "Ada", year = "1843" } }),
            Value("scores", 1, "Component", new { jsonValue = new { a = new[] { 1, 2 }, b = new int[0] } }));
        var loose = version.ToContent<Loose>();
        Assert.Equal("Ada", loose.Meta["author"]);
        Assert.Equal("1843", loose.Meta["YEAR"]);
        Assert.Equal([1, 2], loose.Scores["A"]);
        Assert.Empty(loose.Scores["b"]);
    }

    [Theory]
    [InlineData(typeof(string))]
    [InlineData(typeof(int))]
    [InlineData(typeof(List<string>))]
    [InlineData(typeof(Dictionary<string, string>))]
    [InlineData(typeof(object))]
    public void A_version_maps_only_onto_records_and_classes(Type type)
    {
        var e = Assert.Throws<ArgumentException>(() => Version(Value("title", 0, "Text", new { textValue = "a" })).ToContent(type));
        Assert.Equal("type", e.ParamName);
    }

    public sealed record ChildAsText(string Author);

    [Fact]
    public void A_child_cannot_become_a_string()
    {
        var e = Assert.Throws<VersoContentMappingException>(() => FullArticle().ToContent<ChildAsText>());
        Assert.Equal("author", e.FieldPath);
        Assert.Contains("a ChildContent value", e.Message);
    }

    public sealed record Grandparent(Parent Child);

    public sealed record Parent(string Name, StockOnly Child);

    [Fact]
    public void Errors_inside_expanded_children_name_the_path_through_them()
    {
        var options = new VersoApiClient(new HttpClient()).JsonOptions;
        var grandchild = Version(Value("stock", 0, "Text", new { textValue = "x" }));
        var child = Version(Value("name", 0, "Text", new { textValue = "p" }),
            Value("child", 1, "ChildContent", new { childContentItemId = ChildItem, child = JsonSerializer.SerializeToElement(grandchild, options) }));
        var root = Version(Value("child", 0, "ChildContent", new { childContentItemId = ChildItem, child = JsonSerializer.SerializeToElement(child, options) }));
        var e = Assert.Throws<VersoContentMappingException>(() => root.ToContent<Grandparent>());
        Assert.Equal("child.child.stock", e.FieldPath);
    }

    public sealed record WithDefaults(string Title, int Count = 5, bool Flag = true);

    [Fact]
    public void Absent_fields_take_a_constructor_parameters_default()
    {
        var mapped = Version(Value("title", 0, "Text", new { textValue = "t" })).ToContent<WithDefaults>();
        Assert.Equal(new WithDefaults("t", 5, true), mapped);
    }
}
