using Verso.Client.Webhooks;

namespace Verso.Client.Caching;

/// <summary>
/// Removes cached content: one exact key, one item (every entry holding it, and the workspace's lists), or a whole
/// workspace. Item and workspace invalidations reach every partition — content changed for every audience — while an
/// exact key names one partition's entry. An invalidation that lands while a read of an affected entry is in flight
/// keeps that read's result out of the cache (the caller still gets it). Backend failures are swallowed (best effort;
/// see <see cref="VersoContentCacheOptions.OnBackendFailure"/>).
/// </summary>
/// <remarks>To invalidate from a signed webhook delivery, use
/// <see cref="VersoContentCacheWebhooks.InvalidateFromWebhookAsync(IVersoContentCacheInvalidator, ReadOnlyMemory{byte}, IEnumerable{KeyValuePair{string, string}}, string, VersoWebhookOptions?, CancellationToken)"/>.</remarks>
public interface IVersoContentCacheInvalidator
{
    /// <summary>The key of <see cref="IVersoContentCache.GetContentAsync"/> for these arguments (the provider's current partition).</summary>
    VersoContentCacheKey KeyForContent(Guid workspaceId, Guid id);

    /// <summary>The key of <see cref="IVersoContentCache.GetContentBySlugAsync"/> for these arguments (current partition).</summary>
    VersoContentCacheKey KeyForSlug(Guid workspaceId, string slug, DateTimeOffset? asOf = null, bool? expandChildren = null, string? locale = null);

    /// <summary>The key of <see cref="IVersoContentCache.GetWorkspaceLocalesAsync"/> (current partition).</summary>
    VersoContentCacheKey KeyForLocales(Guid workspaceId);

    /// <summary>The key of <see cref="IVersoContentCache.GetContentVersionAsync"/> for these arguments (current partition).</summary>
    VersoContentCacheKey KeyForVersion(Guid workspaceId, Guid id, int versionNumber, bool? expandChildren = null);

    /// <summary>The key of <see cref="IVersoContentCache.ListContentAsync"/> for these arguments (current partition).</summary>
    VersoContentCacheKey KeyForList(Guid workspaceId, VersoContentListQuery? query = null);

    /// <summary>Removes exactly the entry of <paramref name="key"/>.</summary>
    Task InvalidateAsync(VersoContentCacheKey key, CancellationToken cancellationToken = default);

    /// <summary>Removes, in every partition, every entry holding the item — by id, its versions, by-slug entries whose
    /// response named it, and versions of other items that expanded it as a child — and every list entry of the
    /// workspace, since the item may appear in, enter or leave any list.</summary>
    Task InvalidateContentItemAsync(Guid workspaceId, Guid contentItemId, CancellationToken cancellationToken = default);

    /// <summary>Removes, in every partition, every entry that depended on the translation group — by-slug reads that
    /// served any of its members, fell back to one, listed them as alternates or shared their fields, with or without a
    /// locale — and every list entry of the workspace. <see cref="InvalidateContentItemAsync"/> alone does not reach a
    /// member's read that only shared the item's fields.</summary>
    Task InvalidateTranslationGroupAsync(Guid workspaceId, Guid translationGroupId, CancellationToken cancellationToken = default);

    /// <summary>Removes every entry of the workspace, in every partition.</summary>
    Task InvalidateWorkspaceAsync(Guid workspaceId, CancellationToken cancellationToken = default);

    /// <summary>
    /// Invalidates what a verified webhook event names: a <c>content.*</c> event its item, every item its
    /// <c>purgeKeys</c> name (<c>item-&lt;id&gt;</c>: the members of its translation group and the items embedding one)
    /// and its <c>translationGroupId</c> (as <see cref="InvalidateTranslationGroupAsync"/>), with the workspace's lists;
    /// <c>release.published</c> every entry's item and every item its <c>purgeKeys</c> name, with the lists;
    /// <c>template.version_published</c>, <c>workspace.updated</c>, a content or release event whose purge keys say
    /// <c>ws-&lt;id&gt;</c> and any type this SDK does not know the whole workspace of its payload's <c>workspaceId</c>. An event naming no
    /// workspace invalidates nothing. The event must come from <see cref="VersoWebhook.Verify(ReadOnlySpan{byte}, IEnumerable{KeyValuePair{string, string}}, string, VersoWebhookOptions?)"/>.
    /// </summary>
    /// <returns>What was invalidated.</returns>
    Task<VersoContentCacheInvalidation> InvalidateForEventAsync(VersoWebhookEvent verified, CancellationToken cancellationToken = default);
}

/// <summary>How much a webhook event invalidated.</summary>
public enum VersoContentCacheInvalidationScope
{
    /// <summary>Nothing: the event named no workspace.</summary>
    None,

    /// <summary>One item's entries, those of its translation group and of the items its purge keys name, and the
    /// workspace's lists (<c>content.*</c> events).</summary>
    ContentItem,

    /// <summary>The whole workspace (template, workspace and unknown events).</summary>
    Workspace,

    /// <summary>The entries of every item a published release names — its entries' items and those its purge keys name
    /// (their translation groups' members, the items embedding one) — and the workspace's lists
    /// (<c>release.published</c>).</summary>
    Release,
}

/// <summary>The outcome of <see cref="IVersoContentCacheInvalidator.InvalidateForEventAsync"/>: the verified event
/// (deduplicate by its <see cref="VersoWebhookEvent.Id"/> if you act on it further) and what it invalidated.</summary>
/// <param name="Event">The verified event.</param>
/// <param name="Scope">How much was invalidated.</param>
/// <param name="WorkspaceId">The workspace the event named, if any.</param>
/// <param name="ContentItemId">The item, for <see cref="VersoContentCacheInvalidationScope.ContentItem"/>.</param>
public sealed record VersoContentCacheInvalidation(
    VersoWebhookEvent Event,
    VersoContentCacheInvalidationScope Scope,
    Guid? WorkspaceId,
    Guid? ContentItemId)
{
    /// <summary>The event's translation group, every dependent entry of which was invalidated
    /// (<see cref="VersoContentCacheInvalidationScope.ContentItem"/>; null when the event named none).</summary>
    public Guid? TranslationGroupId { get; init; }

    /// <summary>Every item whose entries were invalidated: for <see cref="VersoContentCacheInvalidationScope.ContentItem"/>
    /// the event's item, then those its purge keys name; for <see cref="VersoContentCacheInvalidationScope.Release"/> the
    /// entries' items, then those its purge keys name. Empty for the other scopes.</summary>
    public IReadOnlyList<Guid> ContentItemIds { get; init; } = [];

    /// <summary>The published release (<see cref="VersoContentCacheInvalidationScope.Release"/>), else null.</summary>
    public Guid? ReleaseId { get; init; }
}
