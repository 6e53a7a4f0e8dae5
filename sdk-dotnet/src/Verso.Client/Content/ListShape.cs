using System.Collections;

namespace Verso.Client.Content;

/// <summary>A list-typed target of <see cref="VersoContentExtensions.ToContent{T}"/>: its element type and how to
/// build it (an array for <c>T[]</c>, a <see cref="List{T}"/> for the list interfaces).</summary>
internal sealed class ListShape
{
    private static readonly HashSet<Type> ListInterfaces =
    [
        typeof(IEnumerable<>), typeof(IReadOnlyList<>), typeof(IReadOnlyCollection<>), typeof(IList<>), typeof(ICollection<>), typeof(List<>),
    ];

    private readonly bool _array;

    private ListShape(Type element, bool array)
    {
        Element = element;
        _array = array;
    }

    public Type Element { get; }

    /// <summary>The list shape of <paramref name="type"/>, or null when it is not a supported list (strings are not).</summary>
    public static ListShape? Of(Type type)
    {
        if (type.IsArray && type.GetArrayRank() == 1) return new ListShape(type.GetElementType()!, array: true);
        if (type.IsGenericType && ListInterfaces.Contains(type.GetGenericTypeDefinition())) return new ListShape(type.GetGenericArguments()[0], array: false);
        return null;
    }

    public object Create(IReadOnlyList<object?> items)
    {
        if (_array)
        {
            var array = Array.CreateInstance(Element, items.Count);
            for (var i = 0; i < items.Count; i++) array.SetValue(items[i], i);
            return array;
        }
        var list = (IList)Activator.CreateInstance(typeof(List<>).MakeGenericType(Element), items.Count)!;
        foreach (var item in items) list.Add(item);
        return list;
    }
}
