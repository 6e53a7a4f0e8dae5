using System.Collections;
using System.Text.Json.Serialization;
using Verso.Client.Content;
using Verso.Client.Generated;

namespace Verso.Client.Caching;

/// <summary>
/// The filters, sort and page of a content list: the parameters of <see cref="VersoApiClient.ListContentAsync"/>, all
/// optional (null = not sent, the server's default), for a direct read
/// (<see cref="VersoContentListExtensions.ListContentAsync(VersoApiClient, Guid, VersoContentListQuery, string?, CancellationToken)"/>,
/// <see cref="VersoContentListExtensions.ListAllContentAsync"/>) or a cached one. Two queries with equal values (field
/// filters included, in the same order) are equal and share one cache entry.
/// </summary>
/// <example>
/// <code>
/// var query = new VersoContentListQuery { TemplateId = eventTemplateId, Resolve = true }
///     .Where("eventDate", VersoFieldOp.Gte, new DateOnly(2026, 12, 1))
///     .Where("price", VersoFieldOp.Lte, 20m)
///     .OrderBy("eventDate");
/// var page = await verso.Api.ListContentAsync(workspaceId, query);
/// </code>
/// </example>
public sealed record VersoContentListQuery
{
    /// <summary>Full-text search (<c>q</c>).</summary>
    public string? Q { get; init; }

    /// <summary>Only items of this template version.</summary>
    public Guid? TemplateVersionId { get; init; }

    /// <summary>Only items of this template.</summary>
    public Guid? TemplateId { get; init; }

    /// <summary>Only items whose version has this status.</summary>
    public ContentStatus? Status { get; init; }

    /// <summary>Only items in this locale (with <see cref="Locale"/>: only entries whose served member is in it).</summary>
    public string? LocaleCode { get; init; }

    /// <summary>Only items of this translation group.</summary>
    public Guid? TranslationGroupId { get; init; }

    /// <summary>Only the item with this slug.</summary>
    public string? Slug { get; init; }

    /// <summary>Only items carrying these tags (comma-separated, as the API takes them).</summary>
    public string? Tags { get; init; }

    /// <summary>Created at or after.</summary>
    public DateTimeOffset? CreatedAfter { get; init; }

    /// <summary>Created before.</summary>
    public DateTimeOffset? CreatedBefore { get; init; }

    /// <summary>Published at or after.</summary>
    public DateTimeOffset? PublishedAfter { get; init; }

    /// <summary>Published before.</summary>
    public DateTimeOffset? PublishedBefore { get; init; }

    /// <summary>Resolve each item to the version served at <see cref="AsOf"/> (or now).</summary>
    public bool? Resolve { get; init; }

    /// <summary>The instant to resolve at.</summary>
    public DateTimeOffset? AsOf { get; init; }

    /// <summary>The reader's locale (<c>locale</c>, a language tag such as <c>de</c> or <c>de-CH</c>): one entry per
    /// translation group, the member served in this locale or along its fallback chain; the other filters, the sort
    /// and the paging apply to that member. Compared regardless of case (one cache entry for <c>de-ch</c> and
    /// <c>de-CH</c>). Null: every item, as without localization.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] // a query without it keeps the cache key it always had
    public string? Locale { get; init; }

    /// <summary>Sort: <c>createdAt</c> (the server's default), <c>updatedAt</c>, <c>slug</c>, <c>title</c>, or
    /// <c>fields.&lt;fieldKey&gt;</c> for a field of <see cref="TemplateId"/>'s template (see <see cref="OrderBy"/>).</summary>
    public string? SortBy { get; init; }

    /// <summary>Sort descending.</summary>
    public bool? SortDesc { get; init; }

    /// <summary>1-based page number.</summary>
    public int? Page { get; init; }

    /// <summary>Items per page.</summary>
    public int? PageSize { get; init; }

    /// <summary>Field filters (Verso's), all combined with AND; they need <see cref="TemplateId"/>. Build them with
    /// <see cref="Where"/>; compared by value, in order.</summary>
    public IReadOnlyList<VersoFieldFilter> Filters
    {
        get => _filters;
        init => _filters = new FilterList(value ?? throw new ArgumentNullException(nameof(value)));
    }

    private readonly FilterList _filters = FilterList.Empty;

    /// <summary>
    /// This query and one more field condition: <c>filter[<paramref name="fieldKey"/>][<paramref name="op"/>]=<paramref name="value"/></c>.
    /// Compared by the field's type on the server, so pass the field's own type: <c>decimal</c> (or any number) for
    /// Number, <see cref="DateOnly"/> for Date, <see cref="DateTimeOffset"/> (or a UTC <see cref="DateTime"/>) for
    /// DateTime, <c>bool</c> for Boolean, a <c>string</c> (or <see cref="VersoPickListOption"/>, an enum) for text and
    /// PickList values, <see cref="Guid"/> for ChildContent. <see cref="VersoFieldOp.In"/> takes a list of such values,
    /// <see cref="VersoFieldOp.Exists"/> a <c>bool</c>, <see cref="VersoFieldOp.Contains"/> a text. Values are written
    /// with the invariant culture.
    /// </summary>
    /// <exception cref="ArgumentException">Not a field key, a value with no text form for <paramref name="op"/> (a
    /// local DateTime, NaN, a comma inside an <c>in</c> value), or a second condition with the same key and op.</exception>
    public VersoContentListQuery Where(string fieldKey, VersoFieldOp op, object value)
    {
        FieldFilterText.CheckKey(fieldKey, nameof(fieldKey));
        if (!Enum.IsDefined(op)) throw new ArgumentOutOfRangeException(nameof(op), op, "Not a field filter operator.");
        if (_filters.Any(f => f.FieldKey == fieldKey && f.Op == op))
            throw new ArgumentException($"The query already has a {Wire(op)} condition on '{fieldKey}'; a field takes each operator once.", nameof(op));
        if (_filters.Select(f => f.FieldKey).Append(fieldKey).Distinct(StringComparer.Ordinal).Count() > MaxFilteredFields)
            throw new ArgumentException($"A list filters by at most {MaxFilteredFields} fields.", nameof(fieldKey));
        return this with { Filters = [.. _filters, new VersoFieldFilter(fieldKey, op, FieldFilterText.Operand(op, value, nameof(value)))] };
    }

    /// <summary>This query and <c>filter[<paramref name="fieldKey"/>][in]=a,b,…</c>: items whose value is any of <paramref name="values"/>.</summary>
    public VersoContentListQuery WhereIn<T>(string fieldKey, IEnumerable<T> values) => Where(fieldKey, VersoFieldOp.In, values ?? throw new ArgumentNullException(nameof(values)));

    /// <summary>This query and <c>filter[<paramref name="fieldKey"/>][exists]=true|false</c>.</summary>
    public VersoContentListQuery WhereExists(string fieldKey, bool exists = true) => Where(fieldKey, VersoFieldOp.Exists, exists);

    /// <summary>This query sorted by a field of the template (<c>sortBy=fields.&lt;fieldKey&gt;</c>): by the field's type,
    /// items without a value last, ties by the item's id.</summary>
    public VersoContentListQuery OrderBy(string fieldKey, bool descending = false)
    {
        FieldFilterText.CheckKey(fieldKey, nameof(fieldKey));
        return this with { SortBy = "fields." + fieldKey, SortDesc = descending };
    }

    /// <summary>The most fields one list filters by (the contract's limit).</summary>
    public const int MaxFilteredFields = 20;

    /// <summary><see cref="Filters"/> as the generated client's <c>filter</c> argument (null when there are none).</summary>
    public IDictionary<string, FieldFilterOperations>? FilterParameter()
    {
        if (_filters.Count == 0) return null;
        var parameter = new Dictionary<string, FieldFilterOperations>(StringComparer.Ordinal);
        foreach (var filter in _filters)
        {
            if (!parameter.TryGetValue(filter.FieldKey, out var ops)) parameter[filter.FieldKey] = ops = new FieldFilterOperations();
            switch (filter.Op)
            {
                case VersoFieldOp.Eq: ops.Eq = filter.Value; break;
                case VersoFieldOp.Ne: ops.Ne = filter.Value; break;
                case VersoFieldOp.Lt: ops.Lt = filter.Value; break;
                case VersoFieldOp.Lte: ops.Lte = filter.Value; break;
                case VersoFieldOp.Gt: ops.Gt = filter.Value; break;
                case VersoFieldOp.Gte: ops.Gte = filter.Value; break;
                case VersoFieldOp.In: ops.In = filter.Value; break;
                case VersoFieldOp.Exists: ops.Exists = filter.Value == "true" ? FieldFilterOperationsExists.True : FieldFilterOperationsExists.False; break;
                case VersoFieldOp.Contains: ops.Contains = filter.Value; break;
                default: throw new ArgumentOutOfRangeException(nameof(Filters), filter.Op, "Not a field filter operator.");
            }
        }
        return parameter;
    }

    private static string Wire(VersoFieldOp op) => op.ToString().ToLowerInvariant();

    /// <summary>The filters with value equality, so that records holding equal filters are equal.</summary>
    private sealed class FilterList(IEnumerable<VersoFieldFilter> items) : IReadOnlyList<VersoFieldFilter>, IEquatable<FilterList>
    {
        public static readonly FilterList Empty = new([]);

        private readonly VersoFieldFilter[] _items = items.Select(i => i ?? throw new ArgumentException("A filter cannot be null.", nameof(items))).ToArray();

        public VersoFieldFilter this[int index] => _items[index];

        public int Count => _items.Length;

        public IEnumerator<VersoFieldFilter> GetEnumerator() => ((IEnumerable<VersoFieldFilter>)_items).GetEnumerator();

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

        public bool Equals(FilterList? other) => other is not null && _items.SequenceEqual(other._items);

        public override bool Equals(object? obj) => Equals(obj as FilterList);

        public override int GetHashCode()
        {
            var hash = new HashCode();
            foreach (var item in _items) hash.Add(item);
            return hash.ToHashCode();
        }
    }
}
