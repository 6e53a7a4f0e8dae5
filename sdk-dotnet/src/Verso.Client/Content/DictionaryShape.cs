using System.Collections;

namespace Verso.Client.Content;

/// <summary>A string-keyed dictionary target of <see cref="VersoContentExtensions.ToContent{T}"/> for a JSON object
/// (a component or Link/Quote value whose keys are not known in advance). Keys compare case-insensitively, as field
/// keys do.</summary>
internal sealed class DictionaryShape
{
    private static readonly HashSet<Type> Shapes =
    [
        typeof(Dictionary<,>), typeof(IDictionary<,>), typeof(IReadOnlyDictionary<,>),
    ];

    private DictionaryShape(Type value) => Value = value;

    public Type Value { get; }

    /// <summary>The shape of <paramref name="type"/>, or null unless it is one of the string-keyed dictionary types.</summary>
    public static DictionaryShape? Of(Type type) =>
        type.IsGenericType && Shapes.Contains(type.GetGenericTypeDefinition()) && type.GetGenericArguments()[0] == typeof(string)
            ? new DictionaryShape(type.GetGenericArguments()[1])
            : null;

    public object Create(IEnumerable<(string Key, object? Value)> entries)
    {
        var dictionary = (IDictionary)Activator.CreateInstance(typeof(Dictionary<,>).MakeGenericType(typeof(string), Value), StringComparer.OrdinalIgnoreCase)!;
        foreach (var (key, value) in entries) dictionary[key] = value;
        return dictionary;
    }
}
