using System.Globalization;
using System.Text.Json;
using Verso.Client.Generated;

namespace Verso.Client.Content;

/// <summary>
/// Request values of the typed field kinds (Number, Date, DateTime, Json), each in the member and the text form the
/// contract asks for, so a caller never formats a date by hand: <c>Date(id, new DateOnly(2026, 12, 24))</c> sends
/// <c>"dateValue": "2026-12-24"</c> whatever the machine's culture.
/// </summary>
/// <example>
/// <code>
/// Fields = [VersoFieldValues.Number(f["price"], 12.50m), VersoFieldValues.Date(f["eventDate"], new DateOnly(2026, 12, 24))]
/// </code>
/// </example>
public static class VersoFieldValues
{
    private static readonly JsonSerializerOptions Web = new(JsonSerializerDefaults.Web);

    /// <summary>A Number value, written as the exact decimal (<c>12.50</c> stays <c>12.50</c>).</summary>
    /// <param name="fieldId">The template field.</param>
    /// <param name="value">The number (the server keeps at most 15 significant digits and checks the field's bounds).</param>
    /// <param name="order">The value's position among the field's values (0 for a single value).</param>
    public static ContentFieldValueRequest Number(Guid fieldId, decimal value, int order = 0) =>
        new() { FieldId = fieldId, Order = order, ValueKind = ValueKind.Number, NumberValue = value };

    /// <summary>A Date value, written as <c>yyyy-MM-dd</c>.</summary>
    /// <param name="fieldId">The template field.</param>
    /// <param name="value">The calendar date.</param>
    /// <param name="order">The value's position among the field's values (0 for a single value).</param>
    public static ContentFieldValueRequest Date(Guid fieldId, DateOnly value, int order = 0) =>
        new() { FieldId = fieldId, Order = order, ValueKind = ValueKind.Date, DateValue = value.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture) };

    /// <summary>A DateTime value, written as RFC 3339 with its offset (<c>2026-12-24T18:00:00+01:00</c>); the server
    /// answers it in UTC.</summary>
    /// <param name="fieldId">The template field.</param>
    /// <param name="value">The instant, with the offset it was given in.</param>
    /// <param name="order">The value's position among the field's values (0 for a single value).</param>
    public static ContentFieldValueRequest DateTime(Guid fieldId, DateTimeOffset value, int order = 0) =>
        new()
        {
            FieldId = fieldId, Order = order, ValueKind = ValueKind.DateTime,
            DateTimeValue = value.ToString("yyyy-MM-dd'T'HH:mm:ss.FFFFFFFzzz", CultureInfo.InvariantCulture),
        };

    /// <summary>A Json value: any JSON (an object, a list, a scalar), as System.Text.Json writes <paramref name="value"/>
    /// with its web defaults (camelCase names, as <c>ToContent</c> reads them back; a <see cref="JsonElement"/> as is).</summary>
    /// <param name="fieldId">The template field.</param>
    /// <param name="value">The value; null is not a value (leave the field out instead).</param>
    /// <param name="order">The value's position among the field's values (0 for a single value).</param>
    public static ContentFieldValueRequest Json(Guid fieldId, object value, int order = 0)
    {
        ArgumentNullException.ThrowIfNull(value);
        return new() { FieldId = fieldId, Order = order, ValueKind = ValueKind.Json, JsonValue = value is JsonElement element ? element.Clone() : JsonSerializer.SerializeToElement(value, value.GetType(), Web) };
    }
}
