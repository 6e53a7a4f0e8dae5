using Verso.Client.Caching;
using Verso.Client.Content;
using Verso.Client.Errors;
using Verso.Client.Generated;
using static Verso.Client.Tests.Support.E2eEnvironment;
using static Verso.Client.Tests.Support.RealServerModel;

namespace Verso.Client.Tests.FieldQueries;

/// <summary>
/// Typed values and typed field queries against the real API that sdk-dotnet/test.sh starts: an Event template with a
/// Number, a Date, a DateTime, a Text and a Json field; six published items written with <see cref="VersoFieldValues"/>;
/// lists filtered and sorted through <see cref="VersoContentListQuery"/>, each compared with the answer computed here
/// from the same rows (ranges, equality, in, exists, contains, both sort directions with missing values last and ties
/// by item id), every page of a paged read, a refused filter, and one item read back through <c>ToContent</c>.
/// </summary>
/// <remarks>Missing VERSO_E2E_* variables fail the test (test.sh always sets them; a skip would hide a dead server).</remarks>
public sealed class FieldQueryRealServerTests
{
    public sealed record Venue(string Name, IReadOnlyList<string> Rooms);

    public sealed record Event(string Title, decimal? Price, DateOnly? EventDate, DateTimeOffset? StartsAt, string City, Venue? Venue);

    /// <summary>One item as written; the expected answers are computed from these.</summary>
    private sealed record Row(string Slug, decimal? Price, DateOnly? Date, DateTimeOffset? StartsAt, string City)
    {
        public Guid Id { get; set; }
    }

    [Fact]
    public async Task Filtered_and_field_sorted_lists_answer_exactly_the_items_computed_from_the_data()
    {
        using var cts = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        var ct = cts.Token;
        string? token = null;
        using var verso = new VersoClientBuilder(Required("VERSO_E2E_BASE_URL")).WithTokenProvider(_ => ValueTask.FromResult(token)).Build();
        token = (await verso.Api.LoginAsync(new LoginRequest { Email = Required("VERSO_E2E_EMAIL"), Password = Required("VERSO_E2E_PASSWORD") }, ct)).Token;
        var s = Guid.NewGuid().ToString("N")[..8];
        var ws = (await verso.Api.CreateWorkspaceAsync(new WorkspaceRequest { Name = $"SDK queries {s}", Slug = $"dotnet-queries-{s}" }, ct)).Id;

        var (template, version, f) = await PublishedTemplateAsync(verso, ws, "Event", $"event-{s}",
        [
            Field("title", PrimitiveType.Text, required: true),
            Field("price", PrimitiveType.Number),
            Field("eventDate", PrimitiveType.Date),
            Field("startsAt", PrimitiveType.DateTime),
            Field("city", PrimitiveType.Text),
            Field("venue", PrimitiveType.Json),
        ], ct);

        var plus1 = TimeSpan.FromHours(1);
        Row[] rows =
        [
            new("a", 9.99m, new(2026, 12, 24), new DateTimeOffset(2026, 12, 24, 18, 0, 0, plus1), "Berlin"),
            new("b", 10m, new(2026, 12, 1), new DateTimeOffset(2026, 12, 1, 9, 0, 0, TimeSpan.Zero), "Bonn"),
            new("c", 15.5m, new(2027, 1, 15), new DateTimeOffset(2027, 1, 15, 20, 0, 0, TimeSpan.FromHours(2)), "Berlin"),
            new("d", 20m, new(2026, 11, 30), null, "Köln"),
            new("e", 20.01m, new(2026, 12, 24), new DateTimeOffset(2026, 12, 24, 17, 0, 0, TimeSpan.Zero), "Berlin"),
            new("f", null, null, null, "Berlin-Mitte"),
        ];
        foreach (var row in rows)
        {
            var values = new List<ContentFieldValueRequest>
            {
                new() { FieldId = f["title"], Order = 0, ValueKind = ValueKind.Text, TextValue = $"Event {row.Slug}" },
                new() { FieldId = f["city"], Order = 0, ValueKind = ValueKind.Text, TextValue = row.City },
            };
            if (row.Price is { } price) values.Add(VersoFieldValues.Number(f["price"], price));
            if (row.Date is { } date) values.Add(VersoFieldValues.Date(f["eventDate"], date));
            if (row.StartsAt is { } at) values.Add(VersoFieldValues.DateTime(f["startsAt"], at));
            if (row.Slug == "a") values.Add(VersoFieldValues.Json(f["venue"], new Venue("Halle 1", ["A", "B"])));
            row.Id = await PublishedContentAsync(verso, ws, version, $"{row.Slug}-{s}", [.. values], ct);
        }

        var events = new VersoContentListQuery { TemplateId = template, Resolve = true };

        async Task<string[]> Slugs(VersoContentListQuery query) =>
            (await verso.Api.ListContentAsync(ws, query, cancellationToken: ct)).Items.Select(i => i.Slug![..1]).ToArray();

        // Ascending or descending by a key, ties by item id in the same direction (as PostgreSQL orders uuids: by their
        // hex text); items without a value last either way, among themselves by id in that direction too.
        static string[] Sorted<TKey>(IEnumerable<Row> matching, Func<Row, TKey?> key, bool descending = false) where TKey : struct, IComparable<TKey>
        {
            static IOrderedEnumerable<Row> By<T>(IEnumerable<Row> rows, Func<Row, T> k, bool desc) => desc ? rows.OrderByDescending(k) : rows.OrderBy(k);
            static IOrderedEnumerable<Row> ThenById(IOrderedEnumerable<Row> rows, bool desc) =>
                desc ? rows.ThenByDescending(r => r.Id.ToString("D"), StringComparer.Ordinal) : rows.ThenBy(r => r.Id.ToString("D"), StringComparer.Ordinal);
            var withKey = ThenById(By(matching.Where(r => key(r) is not null), r => key(r)!.Value, descending), descending);
            var without = ThenById(By(matching.Where(r => key(r) is null), _ => 0, descending), descending);
            return withKey.Concat(without).Select(r => r.Slug).ToArray();
        }

        // Products between 10 and 20, soonest first.
        Assert.Equal(
            Sorted(rows.Where(r => r.Price >= 10m && r.Price <= 20m), r => r.Date),
            await Slugs(events.Where("price", VersoFieldOp.Gte, 10m).Where("price", VersoFieldOp.Lte, 20m).OrderBy("eventDate")));
        // Berlin this year, dearest first.
        Assert.Equal(
            Sorted(rows.Where(r => r.Date < new DateOnly(2027, 1, 1) && r.City == "Berlin"), r => r.Price, descending: true),
            await Slugs(events.Where("eventDate", VersoFieldOp.Lt, new DateOnly(2027, 1, 1)).Where("city", VersoFieldOp.Eq, "Berlin").OrderBy("price", descending: true)));
        // From an instant written with another offset (18:00+01:00 is 17:00Z): a and e tie at the same instant.
        var from = new DateTimeOffset(2026, 12, 24, 18, 0, 0, plus1);
        Assert.Equal(
            Sorted(rows.Where(r => r.StartsAt >= from), r => r.StartsAt),
            await Slugs(events.Where("startsAt", VersoFieldOp.Gte, from).OrderBy("startsAt")));
        Assert.Equal(
            Sorted(rows.Where(r => r.Price is 10m or 20m), r => r.Price),
            await Slugs(events.WhereIn("price", [10m, 20m]).OrderBy("price")));
        Assert.Equal(
            Sorted(rows.Where(r => r.StartsAt is null), r => r.Price),
            await Slugs(events.WhereExists("startsAt", false).OrderBy("price")));
        Assert.Equal(
            Sorted(rows.Where(r => r.City.Contains("mitte", StringComparison.OrdinalIgnoreCase)), r => r.Price),
            await Slugs(events.Where("city", VersoFieldOp.Contains, "MITTE").OrderBy("price")));
        Assert.Equal(
            Sorted(rows.Where(r => r.Price != 20m), r => r.Price),
            await Slugs(events.Where("price", VersoFieldOp.Ne, 20m).OrderBy("price")));

        // Every page of a paged read, in order, missing dates last in both directions.
        var byDateDesc = events.OrderBy("eventDate", descending: true) with { PageSize = 2 };
        var all = new List<string>();
        await foreach (var item in verso.Api.ListAllContentAsync(ws, byDateDesc, ct)) all.Add(item.Slug![..1]);
        Assert.Equal(Sorted(rows, r => r.Date, descending: true), all);
        Assert.Equal(Sorted(rows, r => r.Date), await Slugs(events.OrderBy("eventDate") with { PageSize = 10 }));

        // A key the template does not have is the server's 400, naming the parameter.
        var refused = await Assert.ThrowsAsync<VersoApiException>(() => verso.Api.ListContentAsync(ws, events.Where("nope", VersoFieldOp.Eq, 1m), cancellationToken: ct));
        Assert.Equal(400, refused.Status);
        Assert.Contains("filter[nope][eq]", refused.ResponseBody, StringComparison.Ordinal);

        // The typed values read back through ToContent: the instant in UTC, the Json value as a record.
        var a = (await verso.Api.GetContentBySlugAsync(ws, $"a-{s}", cancellationToken: ct)).ToContent<Event>();
        Assert.Equal(new Event("Event a", 9.99m, new DateOnly(2026, 12, 24), new DateTimeOffset(2026, 12, 24, 17, 0, 0, TimeSpan.Zero), "Berlin", null), a with { Venue = null });
        Assert.Equal(TimeSpan.Zero, a.StartsAt!.Value.Offset);
        Assert.Equal("Halle 1", a.Venue!.Name);
        Assert.Equal(["A", "B"], a.Venue.Rooms);
        var fEvent = (await verso.Api.GetContentBySlugAsync(ws, $"f-{s}", cancellationToken: ct)).ToContent<Event>();
        Assert.Equal(new Event("Event f", null, null, null, "Berlin-Mitte", null), fEvent);
    }

    private static TemplateFieldRequest Field(string key, PrimitiveType type, bool required = false) => new()
    {
        Key = key, Label = key, CompositionMode = CompositionMode.Inline, PrimitiveType = type,
        IsRequired = required, MinOccurrences = required ? 1 : 0, MaxOccurrences = 1,
    };
}
