namespace Verso.Client.Content;

/// <summary>
/// Names the content field key a property (or a positional record's parameter) is read from by
/// <see cref="VersoContentExtensions.ToContent{T}"/>; without it the property's own name is the key. Keys match
/// case-insensitively, as the server compares them.
/// </summary>
/// <example><code>public sealed record Article(string Title, [VersoField("hero-image")] Guid? Hero);</code></example>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Parameter, AllowMultiple = false, Inherited = true)]
public sealed class VersoFieldAttribute : Attribute
{
    /// <summary>Reads the property from the field with key <paramref name="key"/>.</summary>
    /// <param name="key">The field key as the template or component defines it.</param>
    public VersoFieldAttribute(string key)
    {
        ArgumentException.ThrowIfNullOrEmpty(key);
        Key = key;
    }

    /// <summary>The field key.</summary>
    public string Key { get; }
}
