namespace Verso.Client.Content;

/// <summary>
/// A content value could not become the property it maps onto (<see cref="VersoContentExtensions.ToContent{T}"/>):
/// a text that is not a number for an <c>int</c>, several values for a single property, a component for a string…
/// The message and <see cref="FieldPath"/> name the field.
/// </summary>
public sealed class VersoContentMappingException : Exception
{
    /// <summary>Creates the exception for the field at <paramref name="fieldPath"/>.</summary>
    /// <param name="fieldPath">The field's path from the version, e.g. <c>hero.cta[1].label</c>.</param>
    /// <param name="targetType">The .NET type the value was to become.</param>
    /// <param name="message">What went wrong, naming the field.</param>
    /// <param name="inner">The parser's exception, when one was thrown.</param>
    public VersoContentMappingException(string fieldPath, Type targetType, string message, Exception? inner = null)
        : base(message, inner)
    {
        FieldPath = fieldPath;
        TargetType = targetType;
    }

    /// <summary>The field's path from the version: keys joined by dots (components, children) with list indexes,
    /// e.g. <c>hero.cta[1].label</c>.</summary>
    public string FieldPath { get; }

    /// <summary>The .NET type the value was to become.</summary>
    public Type TargetType { get; }
}
