using System.Globalization;
using System.Reflection;
using System.Runtime.Serialization;
using System.Text.Json;

namespace Verso.Client.Content;

/// <summary>
/// Text and JSON numbers onto the scalar types of <see cref="VersoContentExtensions.ToContent{T}"/>: numbers and dates
/// kept in Text fields (templates older than the Number, Date and DateTime types, component members) are parsed with the
/// invariant culture (what a site in any culture must agree on) and ISO 8601 dates, never the machine's locale. The
/// typed kinds themselves go through <see cref="TypedValues"/>.
/// </summary>
internal static class ScalarText
{
    /// <summary>Types filled from one text or number (not records): everything <see cref="Convert"/> knows.</summary>
    public static bool IsScalar(Type type)
    {
        var target = Nullable.GetUnderlyingType(type) ?? type;
        return target.IsPrimitive || target.IsEnum || target == typeof(string) || target == typeof(decimal) || target == typeof(Guid)
            || target == typeof(DateTimeOffset) || target == typeof(DateTime) || target == typeof(DateOnly) || target == typeof(TimeOnly)
            || target == typeof(TimeSpan) || target == typeof(Uri);
    }

    /// <summary>A text value as <paramref name="target"/> (a non-nullable type; the caller unwrapped Nullable).</summary>
    public static object Convert(string text, Type target, string path, string kind)
    {
        if (target == typeof(string) || target == typeof(object)) return text;
        try
        {
            if (target == typeof(bool))
            {
                if (bool.TryParse(text.Trim(), out var flag)) return flag;
                throw Fail(text, target, path, kind, "not true or false");
            }
            if (target == typeof(Guid)) return Guid.Parse(text.Trim());
            if (target == typeof(DateTimeOffset))
                return DateTimeOffset.Parse(text.Trim(), CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal);
            if (target == typeof(DateTime))
                return DateTime.Parse(text.Trim(), CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind);
            if (target == typeof(DateOnly))
                return DateOnly.ParseExact(text.Trim(), "yyyy-MM-dd", CultureInfo.InvariantCulture);
            if (target == typeof(TimeOnly)) return TimeOnly.Parse(text.Trim(), CultureInfo.InvariantCulture);
            if (target == typeof(TimeSpan)) return TimeSpan.Parse(text.Trim(), CultureInfo.InvariantCulture);
            if (target == typeof(Uri)) return new Uri(text.Trim(), UriKind.RelativeOrAbsolute);
            if (target.IsEnum) return ParseEnum(text, target, path, kind);
            if (IsNumeric(target)) return ParseNumber(text.Trim(), target);
        }
        catch (VersoContentMappingException)
        {
            throw;
        }
        catch (Exception e) when (e is FormatException or OverflowException or ArgumentException or UriFormatException)
        {
            throw Fail(text, target, path, kind, Reason(e, target), e);
        }
        throw ContentMapper.Cannot(path, target, $"a {kind} value");
    }

    /// <summary>A JSON number (inside a component or Link/Quote object) as <paramref name="target"/>.</summary>
    public static object ConvertNumber(JsonElement number, Type target, string path)
    {
        var raw = number.GetRawText();
        if (target == typeof(string)) return raw;
        if (target == typeof(object)) return number.Clone();
        if (!IsNumeric(target)) throw ContentMapper.Cannot(path, target, $"the number {raw}");
        try
        {
            return ParseNumber(raw, target);
        }
        catch (Exception e) when (e is FormatException or OverflowException)
        {
            throw Fail(raw, target, path, "number", Reason(e, target), e);
        }
    }

    private static bool IsNumeric(Type t) =>
        t == typeof(int) || t == typeof(long) || t == typeof(short) || t == typeof(byte) || t == typeof(sbyte) || t == typeof(uint)
        || t == typeof(ulong) || t == typeof(ushort) || t == typeof(double) || t == typeof(float) || t == typeof(decimal);

    private static object ParseNumber(string text, Type t)
    {
        var inv = CultureInfo.InvariantCulture;
        const NumberStyles integer = NumberStyles.AllowLeadingSign;
        const NumberStyles real = NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint | NumberStyles.AllowExponent;
        if (t == typeof(int)) return int.Parse(text, integer, inv);
        if (t == typeof(long)) return long.Parse(text, integer, inv);
        if (t == typeof(short)) return short.Parse(text, integer, inv);
        if (t == typeof(byte)) return byte.Parse(text, integer, inv);
        if (t == typeof(sbyte)) return sbyte.Parse(text, integer, inv);
        if (t == typeof(uint)) return uint.Parse(text, integer, inv);
        if (t == typeof(ulong)) return ulong.Parse(text, integer, inv);
        if (t == typeof(ushort)) return ushort.Parse(text, integer, inv);
        if (t == typeof(decimal)) return decimal.Parse(text, real, inv);
        // double.Parse would turn 1e400 into infinity; a value that does not fit is an error, as for the integers.
        if (t == typeof(double))
        {
            var d = double.Parse(text, real, inv);
            return double.IsFinite(d) ? d : throw new OverflowException();
        }
        var f = float.Parse(text, real, inv);
        return float.IsFinite(f) ? f : throw new OverflowException();
    }

    private static object ParseEnum(string text, Type target, string path, string kind)
    {
        var wanted = text.Trim();
        foreach (var field in target.GetFields(BindingFlags.Public | BindingFlags.Static))
        {
            var spelled = field.GetCustomAttribute<EnumMemberAttribute>()?.Value;
            if (string.Equals(field.Name, wanted, StringComparison.OrdinalIgnoreCase) || (spelled is not null && string.Equals(spelled, wanted, StringComparison.OrdinalIgnoreCase)))
                return field.GetValue(null)!;
        }
        throw Fail(text, target, path, kind, $"not one of {string.Join(", ", Enum.GetNames(target))}");
    }

    private static string Reason(Exception e, Type target) => e switch
    {
        OverflowException => $"out of the range of {target.Name}",
        _ when target == typeof(DateOnly) => "not a date (yyyy-MM-dd)",
        _ when target == typeof(DateTimeOffset) || target == typeof(DateTime) => "not an ISO 8601 date or date-time",
        _ when IsNumeric(target) => "not a number (invariant culture: 1234.5)",
        _ => e.Message,
    };

    private static VersoContentMappingException Fail(string text, Type target, string path, string kind, string reason, Exception? inner = null)
    {
        var shown = text.Length > 80 ? text[..80] + "…" : text;
        return new VersoContentMappingException(path, target,
            $"{ContentMapper.At(path)} holds the {kind} value \"{shown}\", which cannot become {ContentMapper.Describe(target)}: {reason}.", inner);
    }
}
