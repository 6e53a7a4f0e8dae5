using System.Text.Json;
using Verso.Client.Content;
using Verso.Client.Generated;

namespace Verso.Client.Tests.TypedContent;

/// <summary>
/// <c>ToContent&lt;T&gt;()</c> for the typed kinds (Number, Date, DateTime, Json) on values shaped exactly as the API
/// sends them, read by the generated client's own JSON settings: exact decimals, whole numbers into integer types (and
/// the refusal of a fraction), leap days, offsets to UTC, JSON into JsonElement and into records, nullable and
/// repeated fields. The request side: <see cref="VersoFieldValues"/> writes each kind as the contract spells it.
/// </summary>
public sealed class TypedValueMappingTests
{
    private static readonly JsonSerializerOptions Api = new VersoApiClient(new HttpClient()).JsonOptions;

    /// <summary>A field value as the server writes it: every member present, the kind's own one set.</summary>
    private static string Value(string key, int order, string kind, string member, string json) =>
        $$"""
        {"fieldId":"{{Guid.NewGuid()}}","key":"{{key}}","label":"{{key}}","order":{{order}},"valueKind":"{{kind}}",
         "textValue":null,"boolValue":null,"mediaAssetId":null,"fileAssetId":null,"childContentItemId":null,"child":null,
         "jsonValue":null,"displayLabel":null,"numberValue":null,"dateValue":null,"dateTimeValue":null,"{{member}}":{{json}}}
        """.Replace("\"" + member + "\":null,", "");

    private static ContentVersionDetailResponse Version(params string[] fields) =>
        JsonSerializer.Deserialize<ContentVersionDetailResponse>($$"""
            {"id":"{{Guid.NewGuid()}}","contentItemId":"{{Guid.NewGuid()}}","versionNumber":1,"status":"Published",
             "templateVersionId":"{{Guid.NewGuid()}}","templateName":"Event","templateSlug":"event","slug":"e","localeCode":"en",
             "translationGroupId":null,"effectiveStartAt":null,"effectiveEndAt":null,"publishAt":null,"publishedAt":null,
             "archivedAt":null,"publishedByUserId":null,"rolledBackFromVersionNumber":null,"tags":[],
             "createdAt":"2026-11-23T08:00:00Z","updatedAt":"2026-11-23T08:00:00Z","fields":[{{string.Join(",", fields)}}]}
            """, Api)!;

    private static string Number(string key, string json, int order = 0) => Value(key, order, "Number", "numberValue", json);

    private static string Date(string key, string json, int order = 0) => Value(key, order, "Date", "dateValue", json);

    private static string Instant(string key, string json, int order = 0) => Value(key, order, "DateTime", "dateTimeValue", json);

    private static string Json(string key, string json, int order = 0) => Value(key, order, "Json", "jsonValue", json);

    public sealed record Venue(string Name, decimal Lat, decimal Lng, IReadOnlyList<string> Rooms);

    public sealed record Event(
        decimal Price,
        int Seats,
        long Visitors,
        double Rating,
        DateOnly EventDate,
        DateTimeOffset StartsAt,
        DateTime DoorsOpen,
        JsonElement Settings,
        Venue Venue,
        decimal? Discount,
        DateOnly? EndDate,
        DateTimeOffset? CancelledAt,
        IReadOnlyList<DateOnly> ExtraDates,
        decimal[] Tiers,
        string PriceText,
        string DateText);

    [Fact]
    public void Each_typed_kind_maps_onto_its_dotnet_type()
    {
        var e = Version(
            Number("price", "1234567890.12345"),
            Number("seats", "120"),
            Number("visitors", "9007199254740993"),
            Number("rating", "4.25"),
            Date("eventDate", "\"2028-02-29\""),
            Instant("startsAt", "\"2026-12-24T17:00:00.000Z\""),
            Instant("doorsOpen", "\"2026-12-24T18:30:00+01:00\""),
            Json("settings", """{"theme":"dark","sizes":[1,2.5],"nested":{"ok":true}}"""),
            Json("venue", """{"name":"Halle","lat":52.520008,"lng":13.404954,"rooms":["A","B"]}"""),
            Number("discount", "null"),
            Date("extraDates", "\"2026-12-26\"", 1),
            Date("extraDates", "\"2026-12-25\"", 0),
            Number("tiers", "10", 0),
            Number("tiers", "20.50", 1),
            Number("priceText", "0.000000000000001"),
            Date("dateText", "\"2026-01-31\"")).ToContent<Event>();

        Assert.Equal(1234567890.12345m, e.Price);
        Assert.Equal("1234567890.12345", e.Price.ToString(System.Globalization.CultureInfo.InvariantCulture));
        Assert.Equal(120, e.Seats);
        Assert.Equal(9007199254740993L, e.Visitors); // one more than a double holds exactly
        Assert.Equal(4.25, e.Rating);
        Assert.Equal(new DateOnly(2028, 2, 29), e.EventDate);
        Assert.Equal(new DateTimeOffset(2026, 12, 24, 17, 0, 0, TimeSpan.Zero), e.StartsAt);
        Assert.Equal(TimeSpan.Zero, e.StartsAt.Offset);
        Assert.Equal(new DateTime(2026, 12, 24, 17, 30, 0, DateTimeKind.Utc), e.DoorsOpen);
        Assert.Equal(DateTimeKind.Utc, e.DoorsOpen.Kind);
        Assert.Equal("dark", e.Settings.GetProperty("theme").GetString());
        Assert.Equal(2.5m, e.Settings.GetProperty("sizes")[1].GetDecimal());
        Assert.True(e.Settings.GetProperty("nested").GetProperty("ok").GetBoolean());
        Assert.Equal(("Halle", 52.520008m, 13.404954m), (e.Venue.Name, e.Venue.Lat, e.Venue.Lng));
        Assert.Equal(["A", "B"], e.Venue.Rooms);
        Assert.Null(e.Discount);
        Assert.Null(e.EndDate);
        Assert.Null(e.CancelledAt);
        Assert.Equal([new DateOnly(2026, 12, 25), new DateOnly(2026, 12, 26)], e.ExtraDates);
        Assert.Equal([10m, 20.50m], e.Tiers);
        Assert.Equal("0.000000000000001", e.PriceText);
        Assert.Equal("2026-01-31", e.DateText);
    }

    public sealed record Offsets(DateTimeOffset At, string AtText);

    [Fact]
    public void An_instant_with_any_offset_becomes_UTC()
    {
        var o = Version(Instant("at", "\"2026-03-29T01:30:00-09:30\""), Instant("atText", "\"2026-12-31T23:59:59.5+14:00\"")).ToContent<Offsets>();
        Assert.Equal(TimeSpan.Zero, o.At.Offset);
        Assert.Equal(new DateTimeOffset(2026, 3, 29, 11, 0, 0, TimeSpan.Zero), o.At);
        Assert.Equal("2026-12-31T09:59:59.5Z", o.AtText);
    }

    public sealed record Whole(int Seats);

    public sealed record Small(byte Level);

    public sealed record WrongDate(DateTimeOffset EventDate);

    public sealed record WrongNumber(Guid Price);

    public sealed record NotNull(decimal Price);

    public sealed record JsonShape(Venue Venue);

    [Fact]
    public void A_value_that_does_not_fit_its_property_is_a_mapping_exception_naming_the_field()
    {
        var fraction = Assert.Throws<VersoContentMappingException>(() => Version(Number("seats", "10.5")).ToContent<Whole>());
        Assert.Equal("seats", fraction.FieldPath);
        Assert.Equal("Field 'seats' holds the Number value 10.5, which cannot become Int32: not a whole number; make the property decimal or double.", fraction.Message);

        var range = Assert.Throws<VersoContentMappingException>(() => Version(Number("level", "256")).ToContent<Small>());
        Assert.Contains("out of the range of Byte", range.Message, StringComparison.Ordinal);

        Assert.Contains("cannot become DateTimeOffset", Assert.Throws<VersoContentMappingException>(() => Version(Date("eventDate", "\"2026-12-24\"")).ToContent<WrongDate>()).Message, StringComparison.Ordinal);
        Assert.Contains("the Number value 3", Assert.Throws<VersoContentMappingException>(() => Version(Number("price", "3")).ToContent<WrongNumber>()).Message, StringComparison.Ordinal);
        Assert.Contains("make it Decimal?", Assert.Throws<VersoContentMappingException>(() => Version(Number("price", "null")).ToContent<NotNull>()).Message, StringComparison.Ordinal);

        var json = Assert.Throws<VersoContentMappingException>(() => Version(Json("venue", """{"name":"Halle","lat":"north"}""")).ToContent<JsonShape>());
        Assert.Equal("venue", json.FieldPath);
        Assert.StartsWith("Field 'venue' holds a Json value that System.Text.Json cannot read as Venue:", json.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Request_values_are_written_as_the_contract_spells_them()
    {
        var field = Guid.Parse("0190f3a1-7c2b-7d4e-9a10-000000000009");
        string Wire(ContentFieldValueRequest value) => JsonSerializer.Serialize(value, Api);

        Assert.Equal($$"""{"fieldId":"{{field}}","order":0,"valueKind":"Number","numberValue":1234567890.12340}""", Wire(VersoFieldValues.Number(field, 1234567890.12340m)));
        Assert.Equal($$"""{"fieldId":"{{field}}","order":2,"valueKind":"Date","dateValue":"2028-02-29"}""", Wire(VersoFieldValues.Date(field, new DateOnly(2028, 2, 29), order: 2)));
        Assert.Equal($$"""{"fieldId":"{{field}}","order":0,"valueKind":"DateTime","dateTimeValue":"2026-12-24T18:00:00\u002B01:00"}""",
            Wire(VersoFieldValues.DateTime(field, new DateTimeOffset(2026, 12, 24, 18, 0, 0, TimeSpan.FromHours(1)))));
        Assert.Equal($$$"""{"fieldId":"{{{field}}}","order":0,"valueKind":"Json","jsonValue":{"name":"Halle","lat":52.5,"lng":13.4,"rooms":["A"]}}""",
            Wire(VersoFieldValues.Json(field, new Venue("Halle", 52.5m, 13.4m, ["A"]))));
    }
}
