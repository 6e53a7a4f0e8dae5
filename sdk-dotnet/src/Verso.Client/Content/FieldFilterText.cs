using System.Collections;
using System.Globalization;
using System.Reflection;
using System.Runtime.Serialization;
using System.Text.RegularExpressions;

namespace Verso.Client.Content;

/// <summary>
/// A field filter's operand as the API reads it: invariant culture always (a site on a German machine must still send
/// <c>10.5</c>, not <c>10,5</c>), dates as <c>yyyy-MM-dd</c>, instants as RFC 3339 with their offset. A value that has
/// no such text (a local <see cref="DateTime"/>, NaN) is an <see cref="ArgumentException"/> before anything is sent.
/// </summary>
internal static class FieldFilterText
{
    /// <summary>The contract's grammar of a field key (the <c>filter</c> parameter's property names).</summary>
    private static readonly Regex FieldKey = new("^[A-Za-z][A-Za-z0-9_-]{0,63}$", RegexOptions.CultureInvariant);

    /// <summary>The most values an <c>in</c> takes.</summary>
    public const int MaxInValues = 100;

    public static void CheckKey(string fieldKey, string parameter)
    {
        ArgumentNullException.ThrowIfNull(fieldKey, parameter);
        if (!FieldKey.IsMatch(fieldKey))
            throw new ArgumentException($"'{fieldKey}' is not a field key: a letter, then up to 63 letters, digits, '_' or '-'.", parameter);
    }

    /// <summary>The operand of <paramref name="op"/> as text.</summary>
    public static string Operand(VersoFieldOp op, object value, string parameter)
    {
        ArgumentNullException.ThrowIfNull(value, parameter);
        switch (op)
        {
            case VersoFieldOp.Exists:
                return value is bool exists ? (exists ? "true" : "false")
                    : throw new ArgumentException("An exists filter takes true (the item has a value) or false (it has none).", parameter);
            case VersoFieldOp.In:
                return InList(value, parameter);
            case VersoFieldOp.Contains:
                return value is string { Length: > 0 } text ? text
                    : throw new ArgumentException("A contains filter takes a non-empty text.", parameter);
            default:
                if (value is IEnumerable and not string)
                    throw new ArgumentException($"A {op.ToString().ToLowerInvariant()} filter takes one value; use VersoFieldOp.In for a list.", parameter);
                return One(value, parameter);
        }
    }

    private static string InList(object value, string parameter)
    {
        var items = value is IEnumerable list and not string ? list.Cast<object?>().ToList() : [value];
        if (items.Count == 0) throw new ArgumentException("An in filter needs at least one value.", parameter);
        if (items.Count > MaxInValues) throw new ArgumentException($"An in filter takes at most {MaxInValues} values, not {items.Count}.", parameter);
        var texts = items.Select(item =>
        {
            if (item is null) throw new ArgumentException("An in filter's values cannot be null; use VersoFieldOp.Exists for items without a value.", parameter);
            var text = One(item, parameter);
            // The server splits the list at commas: a value holding one would silently become two.
            return text.Contains(',') ? throw new ArgumentException($"An in filter's value cannot contain a comma (\"{text}\"): the list is comma-separated.", parameter) : text;
        });
        return string.Join(",", texts);
    }

    /// <summary>One value as text.</summary>
    public static string One(object value, string parameter)
    {
        var inv = CultureInfo.InvariantCulture;
        switch (value)
        {
            case string text:
                return text;
            case bool flag:
                return flag ? "true" : "false";
            case decimal number:
                return number.ToString(inv);
            case double number:
                return Real(double.IsFinite(number), number.ToString("R", inv), parameter);
            case float number:
                return Real(float.IsFinite(number), number.ToString("R", inv), parameter);
            case int or long or short or byte or sbyte or uint or ulong or ushort:
                return ((IFormattable)value).ToString(null, inv);
            case DateOnly date:
                return date.ToString("yyyy-MM-dd", inv);
            case DateTimeOffset instant:
                return Instant(instant);
            case DateTime dateTime:
                // Unspecified or local time: the server refuses an instant without an offset rather than guess one,
                // and so does the SDK (the machine's time zone is not the site's).
                if (dateTime.Kind != DateTimeKind.Utc)
                    throw new ArgumentException($"The DateTime {dateTime.ToString("s", inv)} has no offset (Kind {dateTime.Kind}); pass a DateTimeOffset or a UTC DateTime.", parameter);
                return Instant(new DateTimeOffset(dateTime));
            case Guid id:
                return id.ToString("D");
            case VersoPickListOption option:
                return option.Value;
            case Enum member:
                return member.GetType().GetField(member.ToString())?.GetCustomAttribute<EnumMemberAttribute>()?.Value ?? member.ToString();
            default:
                throw new ArgumentException($"A field filter cannot compare with a {value.GetType().Name}: use a string, number, bool, DateOnly, DateTimeOffset, Guid or enum.", parameter);
        }
    }

    /// <summary>RFC 3339 with the offset the caller gave (<c>+01:00</c>, <c>+00:00</c>), fractions only when there are some.</summary>
    private static string Instant(DateTimeOffset instant) =>
        instant.ToString("yyyy-MM-dd'T'HH:mm:ss.FFFFFFFzzz", CultureInfo.InvariantCulture);

    /// <summary>A binary floating-point number as the shortest decimal that reads back as it, never in exponent form.</summary>
    private static string Real(bool finite, string shortest, string parameter)
    {
        if (!finite) throw new ArgumentException($"A field filter cannot compare with {shortest}: a Number field holds finite numbers only.", parameter);
        if (!shortest.Contains('E')) return shortest;
        try
        {
            return decimal.Parse(shortest, NumberStyles.Float, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture);
        }
        catch (OverflowException e)
        {
            throw new ArgumentException($"The number {shortest} is beyond what a Number field holds.", parameter, e);
        }
    }
}
