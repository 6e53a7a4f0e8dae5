using System.Collections.Concurrent;
using System.Reflection;
using System.Runtime.Serialization;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace Verso.Client.Serialization;

/// <summary>
/// Writes and reads an enum as the exact string the contract declares, which the generated code records in
/// <see cref="EnumMemberAttribute"/> (<c>useExisting</c>, <c>1.0</c>, <c>Editor</c>).
/// </summary>
/// <remarks>
/// System.Text.Json's own JsonStringEnumConverter ignores EnumMemberAttribute before .NET 9, so it would write the C#
/// member name (<c>UseExisting</c>, <c>_1_0</c>) and fail to read <c>1.0</c>. The generator points the generated
/// properties at this converter instead. Reading also accepts the member name, case-insensitively.
/// </remarks>
public sealed class EnumMemberConverter<TEnum> : JsonConverterFactory
    where TEnum : struct, Enum
{
    /// <summary>True for <typeparamref name="TEnum"/> only.</summary>
    /// <param name="typeToConvert">The type System.Text.Json asks about.</param>
    public override bool CanConvert(Type typeToConvert) => typeToConvert == typeof(TEnum);

    /// <summary>The converter that writes and reads <typeparamref name="TEnum"/>'s declared strings.</summary>
    /// <param name="typeToConvert">Always <typeparamref name="TEnum"/>.</param>
    /// <param name="options">The serializer options (not used: the strings come from the enum's attributes).</param>
    public override JsonConverter CreateConverter(Type typeToConvert, JsonSerializerOptions options) => new EnumMemberValueConverter<TEnum>();
}

/// <summary>The same conversion for every enum type; registered in the generated client's serializer options so enums
/// inside arrays and dictionaries (which carry no attribute) are written the same way.</summary>
public sealed class EnumMemberConverterFactory : JsonConverterFactory
{
    private static readonly ConcurrentDictionary<Type, JsonConverter> Converters = new();

    /// <summary>True for every enum type.</summary>
    /// <param name="typeToConvert">The type System.Text.Json asks about.</param>
    public override bool CanConvert(Type typeToConvert) => typeToConvert.IsEnum;

    /// <summary>The converter for <paramref name="typeToConvert"/>, created once per enum type and shared.</summary>
    /// <param name="typeToConvert">An enum type.</param>
    /// <param name="options">The serializer options (not used: the strings come from the enum's attributes).</param>
    public override JsonConverter CreateConverter(Type typeToConvert, JsonSerializerOptions options) =>
        Converters.GetOrAdd(typeToConvert, t => (JsonConverter)Activator.CreateInstance(typeof(EnumMemberValueConverter<>).MakeGenericType(t))!);
}

internal sealed class EnumMemberValueConverter<TEnum> : JsonConverter<TEnum>
    where TEnum : struct, Enum
{
    private static readonly Dictionary<TEnum, string> ToText = new();
    private static readonly Dictionary<string, TEnum> FromText = new(StringComparer.Ordinal);
    private static readonly Dictionary<string, TEnum> FromTextIgnoringCase = new(StringComparer.OrdinalIgnoreCase);

    static EnumMemberValueConverter()
    {
        foreach (var field in typeof(TEnum).GetFields(BindingFlags.Public | BindingFlags.Static))
        {
            var value = (TEnum)field.GetValue(null)!;
            var text = field.GetCustomAttribute<EnumMemberAttribute>()?.Value ?? field.Name;
            ToText.TryAdd(value, text);
            FromText.TryAdd(text, value);
            FromTextIgnoringCase.TryAdd(text, value);
            FromTextIgnoringCase.TryAdd(field.Name, value);
        }
    }

    public override TEnum Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType != JsonTokenType.String)
            throw new JsonException($"Expected a string for {typeof(TEnum).Name}, got {reader.TokenType}.");
        return Parse(reader.GetString()!);
    }

    private static TEnum Parse(string text)
    {
        if (FromText.TryGetValue(text, out var value) || FromTextIgnoringCase.TryGetValue(text, out value)) return value;
        throw new JsonException($"'{text}' is not a value of {typeof(TEnum).Name}.");
    }

    public override void Write(Utf8JsonWriter writer, TEnum value, JsonSerializerOptions options)
    {
        if (!ToText.TryGetValue(value, out var text)) throw new JsonException($"{value} is not a declared value of {typeof(TEnum).Name}.");
        writer.WriteStringValue(text);
    }

    // Dictionary keys of an enum type are written the same way as values.
    public override TEnum ReadAsPropertyName(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        Parse(reader.GetString()!);

    public override void WriteAsPropertyName(Utf8JsonWriter writer, TEnum value, JsonSerializerOptions options) =>
        writer.WritePropertyName(ToText.TryGetValue(value, out var text) ? text : value.ToString());
}
