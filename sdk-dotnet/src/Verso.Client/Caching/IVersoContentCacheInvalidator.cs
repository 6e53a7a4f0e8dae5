using Verso.Client.Webhooks;

namespace Verso.Client.Caching;

/// <summary>
/// Removes cached content: one exact key, one item (with its slug entries and the workspace's lists), or a whole
/// workspace. An invalidation that lands while a read of an affected entry is in flight keeps that read's result out
/// of the cache (the caller still gets it). Invalidations reach the partition that
/// <see cref="VersoContentCacheOptions.PartitionProvider"/> returns when they run (or the one given to
/// <see cref="ForPartition"/>). Backend failures are swallowed (best effort; see
/// <see cref="VersoContentCacheOptions.OnBackendFailure"/>).
/// </summary>
/// <remarks>To invalidate from a signed webhook delivery, use
/// <see cref="VersoContentCacheWebhooks.InvalidateFromWebhookAsync(IVersoContentCacheInvalidator, ReadOnlyMemory{byte}, IEnumerable{KeyValuePair{string, string}}, string, VersoWebhookOptions?, CancellationToken)"/>.</remarks>
public interface IVersoContentCacheInvalidator
{
    /// <summary>The key of <see cref="IVersoContentCache.GetContentAsync"/> for these arguments (current partition).</summary>
    VersoContentCacheKey KeyForContent(Guid workspaceId, Guid id);

    /// <summary>The key of <see cref="IVersoContentCache.GetContentBySlugAsync"/> for these arguments (current partition).</summary>
    VersoContentCacheKey KeyForSlug(Guid workspaceId, string slug, DateTimeOffset? asOf = null, bool? expandChildren = null);

    /// <summary>The key of <see cref="IVersoContentCache.GetContentVersionAsync"/> for these arguments (current partition).</summary>
    VersoContentCacheKey KeyForVersion(Guid workspaceId, Guid id, int versionNumber, bool? expandChildren = null);

    /// <summary>The key of <see cref="IVersoContentCache.ListContentAsync"/> for these arguments (current partition).</summary>
    VersoContentCacheKey KeyForList(Guid workspaceId, VersoContentListQuery? query = null);

    /// <summary>Removes exactly the entry of <paramref name="key"/>.</summary>
    Task InvalidateAsync(VersoContentCacheKey key, CancellationToken cancellationToken = default);

    /// <summary>Removes every entry of the item (by id, its versions, and by-slug entries whose response named it)
    /// and every list entry of the workspace, since the item may appear in, enter or leave any list.</summary>
    Task InvalidateContentItemAsync(Guid workspaceId, Guid contentItemId, CancellationToken cancellationToken = default);

    /// <summary>Removes every entry of the workspace.</summary>
    Task InvalidateWorkspaceAsync(Guid workspaceId, CancellationToken cancellationToken = default);

    /// <summary>
    /// Invalidates what a verified webhook event names: a <c>content.*</c> event its item (as
    /// <see cref="InvalidateContentItemAsync"/>); <c>template.version_published</c>, <c>workspace.updated</c> and any
    /// type this SDK does not know the whole workspace of its payload's <c>workspaceId</c>. An event naming no
    /// workspace invalidates nothing. The event must come from <see cref="VersoWebhook.Verify(ReadOnlySpan{byte}, IEnumerable{KeyValuePair{string, string}}, string, VersoWebhookOptions?)"/>.
    /// </summary>
    Task InvalidateForEventAsync(VersoWebhookEvent verified, CancellationToken cancellationToken = default);

    /// <summary>The same cache, invalidating (and computing keys) for <paramref name="partition"/> instead of the
    /// provider's partition: for a host serving several audiences whose webhook handler must reach each of them.</summary>
    IVersoContentCacheInvalidator ForPartition(string partition);
}
