using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;

namespace Verso.Client.Content;

/// <summary>
/// Placeholder rendering for text held in content: <c>${{name}}</c> tokens replaced by values the caller supplies
/// (sdk-requirements item 38). The TypeScript SDK's <c>renderPlaceholders</c> follows the same rules, and both SDKs'
/// tests run the same vectors (<c>test/fixtures/placeholders.json</c>).
/// </summary>
/// <remarks>
/// <list type="bullet">
/// <item>A token is <c>${{</c>, optional spaces, tabs, CR or LF, a name, optional spaces, tabs, CR or LF, <c>}}</c>.
/// A name is an ASCII letter or <c>_</c>, then ASCII letters, digits or <c>_</c>.</item>
/// <item>Names are case-sensitive (ordinal), whatever comparer the dictionary passed in uses.</item>
/// <item>A name that is not in the dictionary leaves its token as written; a name whose value is <c>null</c> renders as
/// the empty string.</item>
/// <item>Values: a string as it is; <c>true</c>/<c>false</c> in lower case (as JavaScript writes them); numbers and
/// other <see cref="IFormattable"/> values in the invariant culture; anything else by <see cref="object.ToString"/>.
/// Any dictionary fits: <c>Dictionary&lt;string, string&gt;</c>, <c>Dictionary&lt;string, string?&gt;</c>,
/// <c>Dictionary&lt;string, object?&gt;</c>, an <c>ImmutableDictionary</c>…</item>
/// <item>Malformed tokens (<c>${{}}</c>, <c>${{123abc}}</c>, <c>${{first name}}</c>, <c>${{a.b}}</c>,
/// <c>${{name}</c>) are left alone.</item>
/// <item>One pass: values are inserted literally and never expanded again. There is no escape syntax: to keep a token
/// literal, give its name no value.</item>
/// <item>When nothing is substituted the same string instance is returned.</item>
/// </list>
/// </remarks>
public static partial class VersoPlaceholders
{
    private const string Opener = "${{";

    /// <summary>Replaces every <c>${{name}}</c> token in <paramref name="text"/> whose name is a key of
    /// <paramref name="values"/> (see the class remarks for the rules).</summary>
    /// <typeparam name="TValue">The dictionary's value type, usually <see cref="string"/>.</typeparam>
    /// <param name="text">The text to render, for example a Text or Markdown field's value.</param>
    /// <param name="values">The values by name; a <c>null</c> value renders as the empty string.</param>
    /// <returns>The rendered text; <paramref name="text"/> itself when no token was substituted.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="text"/> or <paramref name="values"/> is null.</exception>
    public static string Render<TValue>(string text, IReadOnlyDictionary<string, TValue> values)
    {
        ArgumentNullException.ThrowIfNull(text);
        ArgumentNullException.ThrowIfNull(values);
        if (values.Count == 0 || !text.Contains(Opener, StringComparison.Ordinal)) return text;

        IReadOnlyDictionary<string, TValue>? ordinal = IsOrdinal(values) ? values : null;
        StringBuilder? output = null;
        var copied = 0;
        for (var match = Token().Match(text); match.Success; match = match.NextMatch())
        {
            ordinal ??= new Dictionary<string, TValue>(values, StringComparer.Ordinal);
            if (!ordinal.TryGetValue(match.Groups[1].Value, out var value)) continue;
            output ??= new StringBuilder(text.Length);
            output.Append(text, copied, match.Index - copied).Append(Format(value));
            copied = match.Index + match.Length;
        }
        if (output is null) return text;
        return output.Append(text, copied, text.Length - copied).ToString();
    }

    private static string Format<TValue>(TValue value) => value switch
    {
        null => string.Empty,
        string s => s,
        bool b => b ? "true" : "false",
        IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? string.Empty,
    };

    // A dictionary whose comparer may fold case (or do anything else) is copied into an ordinal one before lookups.
    private static bool IsOrdinal<TValue>(IReadOnlyDictionary<string, TValue> values) =>
        values is Dictionary<string, TValue> d
        && (d.Comparer == EqualityComparer<string>.Default || d.Comparer == StringComparer.Ordinal);

    // ASCII classes spelled out: .NET's \s and \d are Unicode-wide and JavaScript's \s differs, so both SDKs agree.
    [GeneratedRegex(@"\$\{\{[ \t\r\n]*([A-Za-z_][A-Za-z0-9_]*)[ \t\r\n]*\}\}", RegexOptions.CultureInvariant)]
    private static partial Regex Token();
}
