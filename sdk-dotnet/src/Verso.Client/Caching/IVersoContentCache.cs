using Verso.Client.Generated;

namespace Verso.Client.Caching;

/// <summary>
/// Cached content reads: the same operations as <see cref="VersoClient.Api"/>, answered from the cache while an entry
/// lives and from the API otherwise. Entries belong to the caller's partition (see
/// <see cref="VersoContentCacheOptions.PartitionProvider"/>) and expire absolutely after
/// <c>absoluteExpiration</c> (null = <see cref="VersoContentCacheOptions.DefaultAbsoluteExpiration"/>).
/// </summary>
/// <remarks>
/// Concurrent misses of one key make one API call (single flight). Errors are not cached: a failed read throws what
/// the API call threw and the next read tries again. A cached value is one instance shared by every reader of the
/// entry (memory backend): treat it as read-only.
/// </remarks>
public interface IVersoContentCache
{
    /// <summary>A content item by id (<see cref="VersoApiClient.GetContentAsync"/>).</summary>
    Task<ContentItemDetailResponse> GetContentAsync(Guid workspaceId, Guid id, TimeSpan? absoluteExpiration = null, CancellationToken cancellationToken = default);

    /// <summary>The version a slug serves (<see cref="VersoApiClient.GetContentBySlugAsync"/>), in the reader's
    /// <paramref name="locale"/> when given (then with <c>RequestedLocale</c> and <c>Alternates</c>; the locale is part
    /// of the key, regardless of case). The entry is linked to the items and translation groups its answer names (the
    /// served member, its alternates, its children), so invalidating any of them removes it.</summary>
    Task<ContentVersionDetailResponse> GetContentBySlugAsync(Guid workspaceId, string slug, DateTimeOffset? asOf = null, bool? expandChildren = null, TimeSpan? absoluteExpiration = null, string? locale = null, CancellationToken cancellationToken = default);

    /// <summary>One version of an item (<see cref="VersoApiClient.GetContentVersionAsync"/>).</summary>
    Task<ContentVersionDetailResponse> GetContentVersionAsync(Guid workspaceId, Guid id, int versionNumber, bool? expandChildren = null, TimeSpan? absoluteExpiration = null, CancellationToken cancellationToken = default);

    /// <summary>A page of the content list (<see cref="VersoApiClient.ListContentAsync"/>); null query = the server's
    /// defaults.</summary>
    Task<ContentItemSummaryResponsePagedResponse> ListContentAsync(Guid workspaceId, VersoContentListQuery? query = null, TimeSpan? absoluteExpiration = null, CancellationToken cancellationToken = default);

    /// <summary>The workspace's locales, default and fallback chains (<see cref="VersoApiClient.GetWorkspaceLocalesAsync"/>),
    /// for a language switcher or to pick the reader's locale. Only a workspace invalidation removes it (saving the
    /// locales sends <c>workspace.updated</c>).</summary>
    Task<WorkspaceLocalesResponse> GetWorkspaceLocalesAsync(Guid workspaceId, TimeSpan? absoluteExpiration = null, CancellationToken cancellationToken = default);
}
