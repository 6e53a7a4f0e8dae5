namespace Verso.Client.Content;

/// <summary>An operator of a field filter on the content list (<c>filter[&lt;fieldKey&gt;][&lt;op&gt;]</c>); see
/// <see cref="Caching.VersoContentListQuery.Where"/>.</summary>
public enum VersoFieldOp
{
    /// <summary><c>eq</c>: equal to the value, compared by the field's type.</summary>
    Eq,

    /// <summary><c>ne</c>: not equal to the value; items without a value match too.</summary>
    Ne,

    /// <summary><c>lt</c>: less than the value.</summary>
    Lt,

    /// <summary><c>lte</c>: less than or equal to the value.</summary>
    Lte,

    /// <summary><c>gt</c>: greater than the value.</summary>
    Gt,

    /// <summary><c>gte</c>: greater than or equal to the value.</summary>
    Gte,

    /// <summary><c>in</c>: any of a list of values (at most 100, none containing a comma).</summary>
    In,

    /// <summary><c>exists</c>: <c>true</c> when the item must have a value for the field, <c>false</c> when it must have none.</summary>
    Exists,

    /// <summary><c>contains</c>: a case-insensitive substring (Text, Markdown, RichText and Link fields).</summary>
    Contains,
}
