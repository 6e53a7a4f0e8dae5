using System.Reflection;
using System.Text.Json;
using Verso.Client.Generated;

namespace Verso.Client.Content;

/// <summary>
/// The mapping behind <see cref="VersoContentExtensions.ToContent{T}"/>. A value comes either from a version's field
/// list (<see cref="ContentVersionFieldValueResponse"/>, typed by its value kind) or from inside a JSON value (a
/// component's members, a Link's object), and both go through the same member, list and scalar rules.
/// </summary>
internal static class ContentMapper
{
    /// <summary>A version's values (grouped by key, in order) onto a new <paramref name="type"/>.</summary>
    /// <summary>Whether a version (a set of keyed fields) can become <paramref name="type"/>: records and classes only.</summary>
    public static bool IsRecordLike(Type type) =>
        !ScalarText.IsScalar(type) && ListShape.Of(type) is null && DictionaryShape.Of(type) is null && type != typeof(object) && type != typeof(JsonElement);

    public static object MapVersion(ContentVersionDetailResponse version, Type type, string path)
    {
        var byKey = new Dictionary<string, Values>(StringComparer.OrdinalIgnoreCase);
        foreach (var value in (version.Fields ?? []).OrderBy(f => f.Order))
        {
            // Separators carry no data; keyless values cannot be addressed.
            if (value.Key is null || value.ValueKind == ValueKind.Separator) continue;
            if (!byKey.TryGetValue(value.Key, out var values)) byKey[value.Key] = values = new Values(value.Key, []);
            values.Items.Add(value);
        }
        return Build(type, path, key => byKey.GetValueOrDefault(key));
    }

    /// <summary>A JSON object (a component value) onto a new <paramref name="type"/>, members by key (case-insensitive).</summary>
    private static object MapJsonObject(JsonElement json, Type type, string path)
    {
        var byKey = new Dictionary<string, Values>(StringComparer.OrdinalIgnoreCase);
        foreach (var member in json.EnumerateObject())
        {
            // Absent, null, "" and [] all mean "no value" to the server's component rules; only null is dropped here
            // so that an explicit empty list still maps to an empty list.
            if (member.Value.ValueKind == JsonValueKind.Null) continue;
            if (!byKey.TryGetValue(member.Name, out var values)) byKey[member.Name] = values = new Values(member.Name, []);
            values.Items.Add(member.Value);
        }
        return Build(type, path, key => byKey.GetValueOrDefault(key));
    }

    /// <summary>The values of one key, and the key as the data spells it (error paths use that spelling).</summary>
    private sealed record Values(string Key, List<object> Items);

    private static object Build(Type type, string path, Func<string, Values?> valuesOf)
    {
        var shape = ContentShape.For(type);
        var arguments = new object?[shape.Parameters.Count];
        for (var i = 0; i < shape.Parameters.Count; i++)
        {
            var member = shape.Parameters[i];
            var values = valuesOf(member.Key);
            arguments[i] = values is null
                ? (member.Parameter!.HasDefaultValue ? member.Parameter.DefaultValue : DefaultOf(member.Type))
                : MapMember(values.Items, member, type, Join(path, values.Key));
        }
        var instance = shape.Constructor is null ? Activator.CreateInstance(type)! : Invoke(shape.Constructor, arguments, type, path);
        foreach (var member in shape.Properties)
        {
            // No values: the property keeps its initializer's value.
            if (valuesOf(member.Key) is not { } values) continue;
            member.Property!.SetValue(instance, MapMember(values.Items, member, type, Join(path, values.Key)));
        }
        return instance;
    }

    private static object Invoke(ConstructorInfo constructor, object?[] arguments, Type type, string path)
    {
        try
        {
            return constructor.Invoke(arguments);
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            throw new VersoContentMappingException(path, type, $"{At(path)}: the constructor of {type.Name} threw: {e.InnerException.Message}", e.InnerException);
        }
    }

    /// <summary>All values of one key onto one member: a list, or exactly one value.</summary>
    private static object? MapMember(IReadOnlyList<object> values, ContentMember member, Type owner, string path)
    {
        if (ListShape.Of(member.Type) is { } list)
        {
            // Values of a repeated field, or one JSON list (a multiple choice, a repeated component member).
            var items = new List<object?>();
            foreach (var value in values)
            {
                if (value is JsonElement { ValueKind: JsonValueKind.Array } array)
                {
                    foreach (var item in array.EnumerateArray()) items.Add(MapOne(item, list.Element, $"{path}[{items.Count}]"));
                }
                else
                {
                    items.Add(MapOne(value, list.Element, $"{path}[{items.Count}]"));
                }
            }
            return list.Create(items);
        }
        if (values.Count > 1)
        {
            throw new VersoContentMappingException(path, member.Type,
                $"{At(path)} has {values.Count} values, but {owner.Name}.{member.Name} ({Describe(member.Type)}) takes one: make it a list (T[], IReadOnlyList<T>, …).");
        }
        if (values[0] is JsonElement { ValueKind: JsonValueKind.Array } several)
        {
            throw new VersoContentMappingException(path, member.Type,
                $"{At(path)} holds a list of {several.GetArrayLength()} values, but {owner.Name}.{member.Name} ({Describe(member.Type)}) takes one: make it a list (T[], IReadOnlyList<T>, …).");
        }
        return MapOne(values[0], member.Type, path);
    }

    /// <summary>One value onto <paramref name="type"/>.</summary>
    private static object? MapOne(object value, Type type, string path)
    {
        var target = Nullable.GetUnderlyingType(type) ?? type;
        return value switch
        {
            ContentVersionFieldValueResponse field => FromField(field, type, target, path),
            JsonElement json => FromJson(json, type, target, path),
            _ => throw new InvalidOperationException("unreachable: values are field values or JSON"),
        };
    }

    private static object? FromField(ContentVersionFieldValueResponse field, Type type, Type target, string path)
    {
        if (target == typeof(ContentVersionFieldValueResponse)) return field;
        switch (field.ValueKind)
        {
            case ValueKind.Text:
            case ValueKind.RichText:
            case ValueKind.Markdown:
                return field.TextValue is null ? NullFor(type, path, field.ValueKind) : ScalarText.Convert(field.TextValue, target, path, field.ValueKind.ToString());
            case ValueKind.PickList:
                if (field.TextValue is null) return NullFor(type, path, field.ValueKind);
                if (target == typeof(VersoPickListOption)) return new VersoPickListOption(field.TextValue, field.DisplayLabel);
                return ScalarText.Convert(field.TextValue, target, path, "PickList");
            case ValueKind.Boolean:
                if (field.BoolValue is not { } flag) return NullFor(type, path, field.ValueKind);
                if (target == typeof(bool)) return flag;
                if (target == typeof(string)) return flag ? "true" : "false";
                if (target == typeof(object)) return flag;
                throw Cannot(path, type, "a Boolean value");
            case ValueKind.Media:
            case ValueKind.File:
                var asset = field.ValueKind == ValueKind.Media ? field.MediaAssetId : field.FileAssetId;
                if (asset is not { } id) return NullFor(type, path, field.ValueKind);
                if (target == typeof(Guid) || target == typeof(object)) return id;
                if (target == typeof(string)) return id.ToString("D");
                throw Cannot(path, type, $"a {field.ValueKind} value (an asset id: use Guid)");
            case ValueKind.Link:
            case ValueKind.Quote:
                // Text when the target is text-like and there is text; the JSON form otherwise.
                if (field.TextValue is { } text && (ScalarText.IsScalar(target) || field.JsonValue is null))
                    return ScalarText.Convert(text, target, path, field.ValueKind.ToString());
                return field.JsonValue is JsonElement linkJson ? FromJson(linkJson, type, target, path) : NullFor(type, path, field.ValueKind);
            case ValueKind.Component:
                return field.JsonValue is JsonElement component ? FromJson(component, type, target, path) : NullFor(type, path, field.ValueKind);
            case ValueKind.ChildContent:
                if (target == typeof(Guid)) return field.ChildContentItemId is { } childId ? childId : NullFor(type, path, field.ValueKind);
                if (target == typeof(ContentVersionDetailResponse) || target == typeof(object)) return field.Child;
                // Not expanded (expandChildren false or beyond the server's 8 levels) or nothing served: no child.
                if (field.Child is null) return NullFor(type, path, field.ValueKind);
                if (!IsRecordLike(target)) throw Cannot(path, type, "a ChildContent value (a content item: use its record type, Guid or ContentVersionDetailResponse)");
                return MapVersion(field.Child, target, path);
            case ValueKind.Number:
                return field.NumberValue is { } number ? TypedValues.FromNumber(number, type, target, path) : NullFor(type, path, field.ValueKind);
            case ValueKind.Date:
                return field.DateValue is { } date ? TypedValues.FromDate(date, type, target, path) : NullFor(type, path, field.ValueKind);
            case ValueKind.DateTime:
                return field.DateTimeValue is { } instant ? TypedValues.FromInstant(instant, type, target, path) : NullFor(type, path, field.ValueKind);
            case ValueKind.Json:
                return field.JsonValue is JsonElement { ValueKind: not JsonValueKind.Null } json ? TypedValues.FromJsonValue(json, type, target, path) : NullFor(type, path, field.ValueKind);
            default:
                throw Cannot(path, type, $"a {field.ValueKind} value");
        }
    }

    private static object? FromJson(JsonElement json, Type type, Type target, string path)
    {
        if (target == typeof(JsonElement)) return json.Clone();
        switch (json.ValueKind)
        {
            case JsonValueKind.Null:
            case JsonValueKind.Undefined:
                return NullFor(type, path, null);
            case JsonValueKind.String:
                if (target == typeof(VersoPickListOption)) return new VersoPickListOption(json.GetString()!, null);
                return ScalarText.Convert(json.GetString()!, target, path, "text");
            case JsonValueKind.Number:
                return ScalarText.ConvertNumber(json, target, path);
            case JsonValueKind.True:
            case JsonValueKind.False:
                if (target == typeof(bool) || target == typeof(object)) return json.GetBoolean();
                if (target == typeof(string)) return json.GetBoolean() ? "true" : "false";
                throw Cannot(path, type, "a boolean");
            case JsonValueKind.Object:
                if (target == typeof(object)) return json.Clone();
                if (ScalarText.IsScalar(target) || ListShape.Of(target) is not null)
                    throw Cannot(path, type, "an object (a component or a Link/Quote object: use a record, a dictionary or JsonElement)");
                if (DictionaryShape.Of(target) is { } dictionary)
                    return dictionary.Create(json.EnumerateObject().Select(m => (m.Name, MapOne(m.Value, dictionary.Value, Join(path, m.Name)))));
                return MapJsonObject(json, target, path);
            case JsonValueKind.Array:
                if (ListShape.Of(type) is { } list)
                    return list.Create(json.EnumerateArray().Select((item, i) => MapOne(item, list.Element, $"{path}[{i}]")).ToList());
                throw Cannot(path, type, $"a list of {json.GetArrayLength()} values");
            default:
                throw Cannot(path, type, $"a JSON {json.ValueKind}");
        }
    }

    /// <summary>A value that is present but empty: null where the target allows it.</summary>
    private static object? NullFor(Type type, string path, ValueKind? kind)
    {
        if (!type.IsValueType || Nullable.GetUnderlyingType(type) is not null) return null;
        throw new VersoContentMappingException(path, type,
            $"{At(path)} has an empty {(kind is { } k ? k + " " : "")}value, but {Describe(type)} cannot be null: make it {Describe(type)}?.");
    }

    private static object? DefaultOf(Type type) => type.IsValueType ? Activator.CreateInstance(type) : null;

    internal static VersoContentMappingException Cannot(string path, Type type, string what, Exception? inner = null) =>
        new(path, type, $"{At(path)} holds {what}, which cannot become {Describe(type)}.", inner);

    internal static string At(string path) => $"Field '{path}'";

    internal static string Describe(Type type) =>
        Nullable.GetUnderlyingType(type) is { } inner ? Describe(inner) + "?"
        : type.IsGenericType ? $"{type.Name[..type.Name.IndexOf('`')]}<{string.Join(", ", type.GetGenericArguments().Select(Describe))}>"
        : type.Name;

    private static string Join(string path, string key) => path.Length == 0 ? key : $"{path}.{key}";
}
