using Verso.Client.Generated;

namespace Verso.Client.Caching;

/// <summary>
/// The filters, sort and page of a cached content list: the parameters of
/// <see cref="VersoApiClient.ListContentAsync"/>, all optional (null = not sent, the server's default). Two queries
/// with equal values share one cache entry.
/// </summary>
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

    /// <summary>Only items in this locale.</summary>
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

    /// <summary>Sort field.</summary>
    public SortBy? SortBy { get; init; }

    /// <summary>Sort descending.</summary>
    public bool? SortDesc { get; init; }

    /// <summary>1-based page number.</summary>
    public int? Page { get; init; }

    /// <summary>Items per page.</summary>
    public int? PageSize { get; init; }
}
