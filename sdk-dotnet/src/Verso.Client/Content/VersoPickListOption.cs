namespace Verso.Client.Content;

/// <summary>A picklist choice with the label it had when saved; a <see cref="VersoContentExtensions.ToContent{T}"/>
/// target for PickList fields when the label matters as well as the value.</summary>
/// <param name="Value">The option's value (the server's own spelling).</param>
/// <param name="Label">The option's label when the value was saved (<c>displayLabel</c>); null inside components,
/// which store only values.</param>
public sealed record VersoPickListOption(string Value, string? Label);
