namespace Verso.Client.Content;

/// <summary>One condition of a content list's field filter, its operand already in the API's text form (see
/// <see cref="Caching.VersoContentListQuery.Where"/>, which builds it).</summary>
/// <param name="FieldKey">The key of a field of the query's template.</param>
/// <param name="Op">The operator.</param>
/// <param name="Value">The operand as sent: <c>10.5</c>, <c>2026-12-24</c>, <c>2026-12-24T17:00:00+00:00</c>,
/// <c>true</c>, a comma-separated list for <see cref="VersoFieldOp.In"/>.</param>
public sealed record VersoFieldFilter(string FieldKey, VersoFieldOp Op, string Value);
