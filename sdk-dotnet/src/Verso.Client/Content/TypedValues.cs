using System.Globalization;
using System.Text.Json;

namespace Verso.Client.Content;

/// <summary>
/// The typed field values (Number, Date, DateTime, Json) onto <see cref="VersoContentExtensions.ToContent{T}"/>'s
/// property types. The server sends them typed (an exact decimal, a calendar date, a UTC instant, any JSON), so
/// nothing here parses text: a value either fits its property exactly or is a <see cref="VersoContentMappingException"/>.
/// </summary>
internal static class TypedValues
{
    private static readonly JsonSerializerOptions PocoOptions = new(JsonSerializerDefaults.Web);

    /// <summary>A Number: <c>decimal</c> as stored; an integer type only for a whole number in its range; <c>double</c>
    /// and <c>float</c> to the nearest; <c>string</c> in the invariant culture.</summary>
    public static object FromNumber(decimal number, Type type, Type target, string path)
    {
        if (target == typeof(decimal) || target == typeof(object)) return number;
        if (target == typeof(double)) return (double)number;
        if (target == typeof(float)) return (float)number;
        if (target == typeof(string)) return number.ToString(CultureInfo.InvariantCulture);
        if (!IsInteger(target)) throw ContentMapper.Cannot(path, type, $"the Number value {Shown(number)}");
        // A price of 10.5 read into an int would silently become 10 (or 11): refused, so the model gets fixed instead.
        if (decimal.Truncate(number) != number)
            throw Refuse(number, type, path, $"not a whole number; make the property decimal or double");
        try
        {
            return System.Convert.ChangeType(number, target, CultureInfo.InvariantCulture);
        }
        catch (OverflowException e)
        {
            throw Refuse(number, type, path, $"out of the range of {target.Name}", e);
        }
    }

    /// <summary>A Date: <see cref="DateOnly"/>, or <c>string</c> as <c>yyyy-MM-dd</c>.</summary>
    public static object FromDate(DateOnly date, Type type, Type target, string path)
    {
        if (target == typeof(DateOnly) || target == typeof(object)) return date;
        if (target == typeof(string)) return date.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);
        throw ContentMapper.Cannot(path, type, $"the Date value {date.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture)} (a calendar date: use DateOnly)");
    }

    /// <summary>A DateTime: <see cref="DateTimeOffset"/> in UTC, a UTC <see cref="DateTime"/>, or <c>string</c> in
    /// round-trip form.</summary>
    public static object FromInstant(DateTimeOffset instant, Type type, Type target, string path)
    {
        var utc = instant.ToUniversalTime();
        if (target == typeof(DateTimeOffset) || target == typeof(object)) return utc;
        if (target == typeof(DateTime)) return utc.UtcDateTime;
        if (target == typeof(string)) return utc.ToString("yyyy-MM-dd'T'HH:mm:ss.FFFFFFF'Z'", CultureInfo.InvariantCulture);
        throw ContentMapper.Cannot(path, type, "a DateTime value (an instant: use DateTimeOffset)");
    }

    /// <summary>A Json value: <see cref="JsonElement"/> as is, or any other type through System.Text.Json (web
    /// defaults: camelCase names read case-insensitively).</summary>
    public static object? FromJsonValue(JsonElement json, Type type, Type target, string path)
    {
        if (target == typeof(JsonElement) || target == typeof(object)) return json.Clone();
        try
        {
            return json.Deserialize(type, PocoOptions);
        }
        catch (Exception e) when (e is JsonException or NotSupportedException or InvalidOperationException)
        {
            throw new VersoContentMappingException(path, type,
                $"{ContentMapper.At(path)} holds a Json value that System.Text.Json cannot read as {ContentMapper.Describe(type)}: {e.Message}", e);
        }
    }

    private static bool IsInteger(Type t) =>
        t == typeof(int) || t == typeof(long) || t == typeof(short) || t == typeof(byte) || t == typeof(sbyte)
        || t == typeof(uint) || t == typeof(ulong) || t == typeof(ushort);

    private static string Shown(decimal number) => number.ToString(CultureInfo.InvariantCulture);

    private static VersoContentMappingException Refuse(decimal number, Type type, string path, string reason, Exception? inner = null) =>
        new(path, type, $"{ContentMapper.At(path)} holds the Number value {Shown(number)}, which cannot become {ContentMapper.Describe(type)}: {reason}.", inner);
}
