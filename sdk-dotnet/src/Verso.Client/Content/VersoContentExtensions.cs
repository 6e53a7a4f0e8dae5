using Verso.Client.Generated;

namespace Verso.Client.Content;

/// <summary>
/// Typed content: a version's field values mapped onto a record or class by field key, instead of digging through
/// <c>fields[]</c> for <c>textValue</c>, <c>boolValue</c>, <c>mediaAssetId</c>… by hand.
/// </summary>
/// <remarks>
/// <para>A property reads the values of the field whose key equals its name (case-insensitive) or its
/// <see cref="VersoFieldAttribute"/> key. Records with a positional constructor and classes with settable or
/// <c>init</c> properties both work; a field with no values leaves the property at its default.</para>
/// <para>By value kind: Text, RichText, Markdown and PickList values fill <c>string</c>, or are parsed (invariant
/// culture) into numbers, <c>bool</c>, <c>Guid</c>, enums (by name or EnumMember value), <c>Uri</c>,
/// <c>DateTimeOffset</c>, <c>DateTime</c>, <c>DateOnly</c> (<c>yyyy-MM-dd</c> only), <c>TimeOnly</c> and
/// <c>TimeSpan</c> (for numbers and dates kept as text). Number values fill <c>decimal</c> exactly, <c>double</c> or
/// <c>float</c> to the nearest, or an integer type when the value is whole and in range (10.5 into an <c>int</c> throws);
/// Date values fill <see cref="DateOnly"/>; DateTime values fill <see cref="DateTimeOffset"/> (in UTC) or a UTC
/// <see cref="DateTime"/>; Json values fill <c>System.Text.Json.JsonElement</c>, or any other type through
/// System.Text.Json with its web defaults (camelCase names, read case-insensitively). PickList values also fill
/// <see cref="VersoPickListOption"/> (value and label). Boolean fills <c>bool</c>; Media and File fill <c>Guid</c>
/// (or <c>string</c>) with the asset id. Link and Quote fill <c>string</c> from their text, or a record or
/// <c>System.Text.Json.JsonElement</c> from their JSON. A Component value fills a nested record from its JSON object,
/// by the component's field keys, by the same rules, to any depth (or a string-keyed dictionary, keys compared
/// case-insensitively). A ChildContent value fills the child template's
/// record from the expanded child (reads expand children by default; with <c>expandChildren: false</c>, or a child
/// that serves nothing at that instant, the record is null), a <c>Guid</c> with the child item's id, or
/// <see cref="ContentVersionDetailResponse"/> as is.
/// Repeated fields, multiple-choice picklists and JSON lists fill <c>T[]</c>, <c>List&lt;T&gt;</c>,
/// <c>IReadOnlyList&lt;T&gt;</c>, <c>IList&lt;T&gt;</c>, <c>ICollection&lt;T&gt;</c>,
/// <c>IReadOnlyCollection&lt;T&gt;</c> or <c>IEnumerable&lt;T&gt;</c>, in the values' order. Separators carry no
/// data and are skipped. <see cref="ContentVersionFieldValueResponse"/> as a property type receives the raw value.</para>
/// <para>A value that cannot become its property's type, or several values for a single property, throws
/// <see cref="VersoContentMappingException"/> naming the field.</para>
/// </remarks>
public static class VersoContentExtensions
{
    /// <summary>Maps the version's field values onto a new <typeparamref name="T"/> (see the class remarks).</summary>
    /// <typeparam name="T">A record or class whose properties are named after (or attributed with) field keys.</typeparam>
    /// <param name="version">A version as <c>GetContentVersionAsync</c>, <c>GetContentBySlugAsync</c> or a publish
    /// returns it; child records need the children expanded (the reads' default, <c>expandChildren: true</c>).</param>
    /// <returns>The typed content.</returns>
    /// <exception cref="VersoContentMappingException">A value cannot become its property's type.</exception>
    public static T ToContent<T>(this ContentVersionDetailResponse version) => (T)version.ToContent(typeof(T));

    /// <summary>Maps the version's field values onto a new instance of <paramref name="type"/> (see the class remarks).</summary>
    /// <param name="version">The version to read.</param>
    /// <param name="type">A record or class whose properties are named after (or attributed with) field keys.</param>
    /// <returns>The typed content, an instance of <paramref name="type"/>.</returns>
    /// <exception cref="VersoContentMappingException">A value cannot become its property's type.</exception>
    /// <exception cref="ArgumentException"><paramref name="type"/> is a scalar, list or dictionary type.</exception>
    public static object ToContent(this ContentVersionDetailResponse version, Type type)
    {
        ArgumentNullException.ThrowIfNull(version);
        ArgumentNullException.ThrowIfNull(type);
        if (!ContentMapper.IsRecordLike(type))
            throw new ArgumentException($"A content version maps onto a record or class with a property per field key, not {ContentMapper.Describe(type)}.", nameof(type));
        return ContentMapper.MapVersion(version, type, path: "");
    }
}
