using System.Collections.Concurrent;
using System.Reflection;

namespace Verso.Client.Content;

/// <summary>How to build one target type of <see cref="VersoContentExtensions.ToContent{T}"/>: a constructor, and the
/// members it fills by field key (constructor parameters first, then settable properties). Cached per type.</summary>
internal sealed class ContentShape
{
    private static readonly ConcurrentDictionary<Type, ContentShape> Cache = new();

    private ContentShape(Type type, ConstructorInfo? constructor, IReadOnlyList<ContentMember> parameters, IReadOnlyList<ContentMember> properties)
    {
        Type = type;
        Constructor = constructor;
        Parameters = parameters;
        Properties = properties;
    }

    public Type Type { get; }

    /// <summary>Null for a struct without a public constructor taking parameters (built with its default).</summary>
    public ConstructorInfo? Constructor { get; }

    public IReadOnlyList<ContentMember> Parameters { get; }

    public IReadOnlyList<ContentMember> Properties { get; }

    public static ContentShape For(Type type) => Cache.GetOrAdd(type, Build);

    private static ContentShape Build(Type type)
    {
        if (type.IsAbstract || type.IsInterface)
            throw new InvalidOperationException($"{type} cannot be a content target: it is abstract.");
        var writable = type.GetProperties(BindingFlags.Public | BindingFlags.Instance)
            .Where(p => p.GetIndexParameters().Length == 0 && p.SetMethod is { IsPublic: true })
            .ToList();
        var readable = type.GetProperties(BindingFlags.Public | BindingFlags.Instance)
            .Where(p => p.GetIndexParameters().Length == 0)
            .ToList();

        // A parameterless constructor plus setters is the plain class; otherwise the widest public constructor is the
        // positional record's (or an immutable class's), its parameters matched to the keys by name.
        var constructors = type.GetConstructors(BindingFlags.Public | BindingFlags.Instance);
        var constructor = constructors.FirstOrDefault(c => c.GetParameters().Length == 0)
            ?? constructors.OrderByDescending(c => c.GetParameters().Length).FirstOrDefault();
        if (constructor is null && !type.IsValueType)
            throw new InvalidOperationException($"{type} cannot be a content target: it has no public constructor.");

        var parameters = new List<ContentMember>();
        var byParameter = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (var parameter in constructor?.GetParameters() ?? [])
        {
            var property = readable.FirstOrDefault(p => string.Equals(p.Name, parameter.Name, StringComparison.OrdinalIgnoreCase));
            var key = parameter.GetCustomAttribute<VersoFieldAttribute>()?.Key
                ?? property?.GetCustomAttribute<VersoFieldAttribute>()?.Key
                ?? parameter.Name!;
            parameters.Add(new ContentMember(parameter.Name!, key, parameter.ParameterType, null, parameter));
            byParameter.Add(parameter.Name!);
        }
        var properties = writable
            .Where(p => !byParameter.Contains(p.Name))
            .Select(p => new ContentMember(p.Name, p.GetCustomAttribute<VersoFieldAttribute>()?.Key ?? p.Name, p.PropertyType, p, null))
            .ToList();
        return new ContentShape(type, constructor, parameters, properties);
    }
}

/// <summary>One property or constructor parameter of a content target and the field key it reads.</summary>
internal sealed record ContentMember(string Name, string Key, Type Type, PropertyInfo? Property, ParameterInfo? Parameter);
