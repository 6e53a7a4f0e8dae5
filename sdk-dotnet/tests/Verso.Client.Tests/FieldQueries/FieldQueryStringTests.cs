using System.Globalization;
using Microsoft.Extensions.Caching.Memory;
using Verso.Client.Caching;
using Verso.Client.Content;
using Verso.Client.Generated;
using Verso.Client.Tests.Caching;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.FieldQueries;

/// <summary>
/// <see cref="VersoContentListQuery"/>'s field filters and field sort as they go on the wire: the exact query string of
/// each op and value type (invariant culture whatever the thread's), the values refused before anything is sent, and
/// the paged enumeration carrying the filter on every page.
/// </summary>
public sealed class FieldQueryStringTests
{
    private static readonly Guid Ws = Guid.Parse("0190f3a1-7c2b-7d4e-9a10-000000000001");
    private static readonly Guid Template = Guid.Parse("0190f3a1-7c2b-7d4e-9a10-000000000002");
    private static readonly Guid Child = Guid.Parse("0190f3a1-7c2b-7d4e-9a10-000000000003");

    private static string Page(int page, int totalPages, params string[] slugs) =>
        $$"""{"items":[{{string.Join(",", slugs.Select(s => $$"""{"id":"{{Guid.NewGuid()}}","title":null,"templateVersionId":"{{Guid.NewGuid()}}","templateName":"Event","templateSlug":"event","slug":"{{s}}","localeCode":"en","translationGroupId":null,"tags":[],"createdAt":"2026-12-01T00:00:00Z","updatedAt":"2026-12-01T00:00:00Z"}"""))}}],"totalCount":{{slugs.Length}},"page":{{page}},"pageSize":2,"totalPages":{{totalPages}}}""";

    /// <summary>The query string one list call sends (after the path), decoded nowhere: what the server receives.</summary>
    private static async Task<string> SentQuery(VersoContentListQuery query)
    {
        var transport = new StubTransport(Replies.Ok(Page(1, 1)));
        using var client = Clients.Build(transport);
        await client.Api.ListContentAsync(Ws, query);
        return transport.Requests.Single().Uri.Query;
    }

    public static TheoryData<string, VersoFieldOp, object, string> EveryOpAndType => new()
    {
        { "price", VersoFieldOp.Eq, 10m, "filter[price][eq]=10" },
        { "price", VersoFieldOp.Ne, 12.50m, "filter[price][ne]=12.50" },
        { "price", VersoFieldOp.Lt, -0.000001m, "filter[price][lt]=-0.000001" },
        { "price", VersoFieldOp.Lte, 123456789012345m, "filter[price][lte]=123456789012345" },
        { "price", VersoFieldOp.Gt, 7, "filter[price][gt]=7" },
        { "price", VersoFieldOp.Gte, 2.5d, "filter[price][gte]=2.5" },
        { "price", VersoFieldOp.Gte, 1e21d, "filter[price][gte]=1000000000000000000000" },
        { "eventDate", VersoFieldOp.Lt, new DateOnly(2028, 2, 29), "filter[eventDate][lt]=2028-02-29" },
        { "startsAt", VersoFieldOp.Gte, new DateTimeOffset(2026, 12, 24, 18, 0, 0, TimeSpan.FromHours(1)), "filter[startsAt][gte]=2026-12-24T18%3A00%3A00%2B01%3A00" },
        { "startsAt", VersoFieldOp.Lt, new DateTimeOffset(2026, 12, 24, 17, 0, 0, 250, TimeSpan.Zero), "filter[startsAt][lt]=2026-12-24T17%3A00%3A00.25%2B00%3A00" },
        { "startsAt", VersoFieldOp.Eq, new DateTime(2026, 12, 24, 17, 0, 0, DateTimeKind.Utc), "filter[startsAt][eq]=2026-12-24T17%3A00%3A00%2B00%3A00" },
        { "featured", VersoFieldOp.Eq, true, "filter[featured][eq]=true" },
        { "city", VersoFieldOp.Eq, "Berlin Mitte", "filter[city][eq]=Berlin%20Mitte" },
        { "city", VersoFieldOp.Contains, "ber", "filter[city][contains]=ber" },
        { "category", VersoFieldOp.Eq, new VersoPickListOption("news", "News"), "filter[category][eq]=news" },
        { "author", VersoFieldOp.Eq, Child, $"filter[author][eq]={Child:D}" },
        { "city", VersoFieldOp.In, new[] { "Berlin", "Köln" }, "filter[city][in]=Berlin%2CK%C3%B6ln" },
        { "price", VersoFieldOp.In, new List<decimal> { 10m, 20.5m }, "filter[price][in]=10%2C20.5" },
        { "venue", VersoFieldOp.Exists, true, "filter[venue][exists]=true" },
        { "venue", VersoFieldOp.Exists, false, "filter[venue][exists]=false" },
    };

    [Theory]
    [MemberData(nameof(EveryOpAndType))]
    public async Task Each_op_and_value_type_is_sent_as_filter_key_op_value(string key, VersoFieldOp op, object value, string expected)
    {
        var query = await SentQuery(new VersoContentListQuery { TemplateId = Template }.Where(key, op, value));
        Assert.Equal($"?templateId={Template:D}&{expected}", query);
    }

    [Fact]
    public async Task Several_conditions_and_a_field_sort_go_out_in_order_with_the_template_and_the_sort()
    {
        var query = new VersoContentListQuery { TemplateId = Template, Resolve = true, PageSize = 20 }
            .Where("price", VersoFieldOp.Gte, 10m)
            .Where("eventDate", VersoFieldOp.Lt, new DateOnly(2027, 1, 1))
            .Where("price", VersoFieldOp.Lte, 20m)
            .OrderBy("eventDate");

        Assert.Equal(
            $"?templateId={Template:D}&resolve=true&filter[price][lte]=20&filter[price][gte]=10&filter[eventDate][lt]=2027-01-01&sortBy=fields.eventDate&sortDesc=false&pageSize=20",
            await SentQuery(query));
        Assert.Equal("fields.eventDate", query.SortBy);
        Assert.True((await SentQuery(query.OrderBy("eventDate", descending: true))).Contains("sortBy=fields.eventDate&sortDesc=true", StringComparison.Ordinal));
    }

    [Fact]
    public async Task Numbers_and_dates_are_written_in_the_invariant_culture_whatever_the_threads_culture()
    {
        var before = (CultureInfo.CurrentCulture, CultureInfo.CurrentUICulture);
        try
        {
            CultureInfo.CurrentCulture = CultureInfo.CurrentUICulture = CultureInfo.GetCultureInfo("de-DE");
            var query = new VersoContentListQuery { TemplateId = Template }
                .Where("price", VersoFieldOp.Gte, 1234.5m)
                .Where("ratio", VersoFieldOp.Lt, 0.25d)
                .Where("eventDate", VersoFieldOp.Eq, new DateOnly(2026, 3, 1));
            Assert.Equal($"?templateId={Template:D}&filter[price][gte]=1234.5&filter[ratio][lt]=0.25&filter[eventDate][eq]=2026-03-01", await SentQuery(query));
        }
        finally
        {
            (CultureInfo.CurrentCulture, CultureInfo.CurrentUICulture) = before;
        }
    }

    public static TheoryData<string, VersoFieldOp, object, string> Refused => new()
    {
        { "startsAt", VersoFieldOp.Gte, new DateTime(2026, 12, 24, 18, 0, 0, DateTimeKind.Unspecified), "has no offset" },
        { "startsAt", VersoFieldOp.Gte, new DateTime(2026, 12, 24, 18, 0, 0, DateTimeKind.Local), "has no offset" },
        { "price", VersoFieldOp.Gt, double.NaN, "finite numbers only" },
        { "price", VersoFieldOp.Gt, double.PositiveInfinity, "finite numbers only" },
        { "city", VersoFieldOp.In, new[] { "Berlin", "Frankfurt, Main" }, "cannot contain a comma" },
        { "city", VersoFieldOp.In, Array.Empty<string>(), "at least one value" },
        { "city", VersoFieldOp.In, Enumerable.Range(0, 101).ToArray(), "at most 100 values" },
        { "city", VersoFieldOp.Eq, new[] { "Berlin" }, "use VersoFieldOp.In" },
        { "venue", VersoFieldOp.Exists, "yes", "true (the item has a value) or false" },
        { "city", VersoFieldOp.Contains, "", "non-empty text" },
        { "city", VersoFieldOp.Eq, new Uri("https://example.com"), "cannot compare with a Uri" },
        { "9lives", VersoFieldOp.Eq, "x", "is not a field key" },
        { "a[b]", VersoFieldOp.Eq, "x", "is not a field key" },
    };

    [Theory]
    [MemberData(nameof(Refused))]
    public void A_value_without_a_text_form_or_a_bad_key_is_an_ArgumentException_naming_the_reason(string key, VersoFieldOp op, object value, string reason)
    {
        var e = Assert.ThrowsAny<ArgumentException>(() => new VersoContentListQuery { TemplateId = Template }.Where(key, op, value));
        Assert.Contains(reason, e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void The_same_op_twice_on_one_field_and_a_21st_field_are_refused()
    {
        var query = new VersoContentListQuery { TemplateId = Template }.Where("price", VersoFieldOp.Gte, 10m);
        Assert.Contains("already has a gte condition on 'price'", Assert.Throws<ArgumentException>(() => query.Where("price", VersoFieldOp.Gte, 11m)).Message, StringComparison.Ordinal);

        var twenty = Enumerable.Range(0, 20).Aggregate(new VersoContentListQuery(), (q, i) => q.WhereExists($"f{i}"));
        Assert.Equal(20, twenty.Filters.Count);
        Assert.Equal(21, twenty.Where("f0", VersoFieldOp.Ne, "x").Filters.Count); // another op on a field already there is fine
        Assert.Contains("at most 20 fields", Assert.Throws<ArgumentException>(() => twenty.WhereExists("f20")).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Where_leaves_the_query_it_was_called_on_unchanged_and_equal_filters_make_equal_queries_and_cache_keys()
    {
        var basis = new VersoContentListQuery { TemplateId = Template };
        var a = basis.Where("price", VersoFieldOp.Gte, 10m).WhereIn("city", ["Berlin", "Bonn"]);
        var b = basis.Where("price", VersoFieldOp.Gte, 10m).WhereIn("city", ["Berlin", "Bonn"]);

        Assert.Empty(basis.Filters);
        Assert.Equal(a, b);
        Assert.Equal(a.GetHashCode(), b.GetHashCode());
        Assert.NotEqual(a, basis.Where("price", VersoFieldOp.Gte, 11m).WhereIn("city", ["Berlin", "Bonn"]));
        Assert.NotEqual(a, a.OrderBy("price"));

        using var client = Clients.Build(new StubTransport(Replies.Ok()));
        var cache = VersoContentCache.InMemory(client, new MemoryCache(new MemoryCacheOptions()), CacheHarness.Options("public-site", null));
        Assert.Equal(cache.KeyForList(Ws, a), cache.KeyForList(Ws, b));
        Assert.NotEqual(cache.KeyForList(Ws, a), cache.KeyForList(Ws, basis));
        Assert.NotEqual(cache.KeyForList(Ws, a), cache.KeyForList(Ws, basis.Where("price", VersoFieldOp.Gte, 11m).WhereIn("city", ["Berlin", "Bonn"])));
    }

    [Fact]
    public async Task ListAllContentAsync_reads_every_page_with_the_same_filter_and_sort()
    {
        var transport = new StubTransport(Replies.Ok(Page(1, 2, "a", "b")), Replies.Ok(Page(2, 2, "c")));
        using var client = Clients.Build(transport);
        var query = new VersoContentListQuery { TemplateId = Template, PageSize = 2 }.Where("price", VersoFieldOp.Gte, 10m).OrderBy("price", descending: true);

        var slugs = new List<string>();
        await foreach (var item in client.Api.ListAllContentAsync(Ws, query)) slugs.Add(item.Slug ?? "");

        Assert.Equal(["a", "b", "c"], slugs);
        Assert.Equal(
            new[] { 1, 2 }.Select(n => $"?templateId={Template:D}&filter[price][gte]=10&sortBy=fields.price&sortDesc=true&page={n}&pageSize=2"),
            transport.Requests.Select(r => r.Uri.Query));
    }

    [Fact]
    public async Task The_generated_filter_argument_itself_is_written_as_a_deep_object()
    {
        var transport = new StubTransport(Replies.Ok(Page(1, 1)));
        using var client = Clients.Build(transport);
        await client.Api.ListContentAsync(Ws, templateId: Template, filter: new Dictionary<string, FieldFilterOperations>
        {
            ["price"] = new() { Gte = "10", Lt = "20" },
            ["venue"] = new() { Exists = FieldFilterOperationsExists.False },
        });
        Assert.Equal($"?templateId={Template:D}&filter[price][lt]=20&filter[price][gte]=10&filter[venue][exists]=false", transport.Requests.Single().Uri.Query);
    }
}
