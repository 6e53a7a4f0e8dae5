using System.Text.Json;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Memory;
using Verso.Client.Errors;
using Verso.Client.Generated;
using Verso.Client.Webhooks;

namespace Verso.Client.Caching;

/// <summary>
/// Cached content reads over a <see cref="VersoClient"/>, on <see cref="IMemoryCache"/> (<see cref="InMemory"/>) or
/// <see cref="IDistributedCache"/> (<see cref="Distributed"/>), with their invalidation. Opt-in: the client itself
/// never caches. With DI, register it with <c>services.AddVersoContentMemoryCache(…)</c> or
/// <c>services.AddVersoContentDistributedCache(…)</c> and inject <see cref="IVersoContentCache"/> and
/// <see cref="IVersoContentCacheInvalidator"/>.
/// </summary>
/// <remarks>
/// Build one instance and reuse it: single flight and the in-flight invalidation check live in it (DI shares them
/// between every resolved instance). With the distributed backend, any cache failure other than the caller's
/// cancellation sends the read to the API (fail-open) and skips the write; writes and invalidations are best effort.
/// Failures are reported to <see cref="VersoContentCacheOptions.OnBackendFailure"/>.
/// </remarks>
public sealed class VersoContentCache : IVersoContentCache, IVersoContentCacheInvalidator
{
    private static readonly IReadOnlyCollection<Guid> NoItems = [];
    private readonly VersoClient _client;
    private readonly ContentCacheStore _store;

    internal VersoContentCache(VersoClient client, ContentCacheStore store)
    {
        _client = client ?? throw new ArgumentNullException(nameof(client));
        _store = store;
    }

    /// <summary>A cache on <paramref name="cache"/> (entries are the response objects themselves).</summary>
    /// <exception cref="Microsoft.Extensions.Options.OptionsValidationException">The options are invalid, for example
    /// no <see cref="VersoContentCacheOptions.PartitionProvider"/>.</exception>
    public static VersoContentCache InMemory(VersoClient client, IMemoryCache cache, VersoContentCacheOptions options) =>
        new(client, new MemoryContentStore(cache, options));

    /// <summary>A cache on <paramref name="cache"/> (entries are JSON; generations make invalidation possible).</summary>
    /// <exception cref="Microsoft.Extensions.Options.OptionsValidationException">The options are invalid, for example
    /// no <see cref="VersoContentCacheOptions.PartitionProvider"/>.</exception>
    public static VersoContentCache Distributed(VersoClient client, IDistributedCache cache, VersoContentCacheOptions options) =>
        new(client, new DistributedContentStore(cache, options));

    internal ContentCacheStore Store => _store;

    /// <inheritdoc />
    public Task<ContentItemDetailResponse> GetContentAsync(Guid workspaceId, Guid id, TimeSpan? absoluteExpiration = null, CancellationToken cancellationToken = default) =>
        ReadAsync(() => KeyForContent(workspaceId, id), absoluteExpiration,
            (_, token) => _client.Api.GetContentAsync(workspaceId, id, token), value => [value.Id], cancellationToken, revalidate: false);

    /// <inheritdoc />
    public Task<ContentVersionDetailResponse> GetContentBySlugAsync(Guid workspaceId, string slug, DateTimeOffset? asOf = null, bool? expandChildren = null, TimeSpan? absoluteExpiration = null, string? locale = null, CancellationToken cancellationToken = default) =>
        ReadAsync(() => KeyForSlug(workspaceId, slug, asOf, expandChildren, locale), absoluteExpiration,
            (tag, token) => _client.Api.GetContentBySlugAsync(workspaceId, slug, asOf, expandChildren, locale, ifNoneMatch: tag, cancellationToken: token),
            value => DependenciesOf(value, expandChildren != false), cancellationToken, revalidate: true);

    /// <inheritdoc />
    public Task<ContentVersionDetailResponse> GetContentVersionAsync(Guid workspaceId, Guid id, int versionNumber, bool? expandChildren = null, TimeSpan? absoluteExpiration = null, CancellationToken cancellationToken = default) =>
        ReadAsync(() => KeyForVersion(workspaceId, id, versionNumber, expandChildren), absoluteExpiration,
            (_, token) => _client.Api.GetContentVersionAsync(workspaceId, id, versionNumber, expandChildren, cancellationToken: token),
            value => DependenciesOf(value, expandChildren != false), cancellationToken, revalidate: false);

    /// <inheritdoc />
    public Task<ContentItemSummaryResponsePagedResponse> ListContentAsync(Guid workspaceId, VersoContentListQuery? query = null, TimeSpan? absoluteExpiration = null, CancellationToken cancellationToken = default)
    {
        var q = query ?? new VersoContentListQuery();
        return ReadAsync(() => KeyForList(workspaceId, q), absoluteExpiration,
            (tag, token) => _client.Api.ListContentAsync(workspaceId, q.Q, q.TemplateVersionId, q.TemplateId, q.Status, q.LocaleCode, q.TranslationGroupId,
                q.Slug, q.Tags, q.CreatedAfter, q.CreatedBefore, q.PublishedAfter, q.PublishedBefore, q.Resolve, q.AsOf, q.FilterParameter(), q.SortBy, q.SortDesc,
                q.Page, q.PageSize, locale: q.Locale, ifNoneMatch: tag, cancellationToken: token),
            _ => NoItems, cancellationToken, revalidate: true);
    }

    /// <inheritdoc />
    public Task<WorkspaceLocalesResponse> GetWorkspaceLocalesAsync(Guid workspaceId, TimeSpan? absoluteExpiration = null, CancellationToken cancellationToken = default) =>
        ReadAsync(() => KeyForLocales(workspaceId), absoluteExpiration,
            (_, token) => _client.Api.GetWorkspaceLocalesAsync(workspaceId, token), _ => NoItems, cancellationToken, revalidate: false);

    /// <inheritdoc />
    public VersoContentCacheKey KeyForContent(Guid workspaceId, Guid id) =>
        VersoContentCacheKey.ForContent(_store.KeyPrefix, PartitionHash(), workspaceId, id);

    /// <inheritdoc />
    public VersoContentCacheKey KeyForSlug(Guid workspaceId, string slug, DateTimeOffset? asOf = null, bool? expandChildren = null, string? locale = null) =>
        VersoContentCacheKey.ForSlug(_store.KeyPrefix, PartitionHash(), workspaceId, slug, asOf, expandChildren, locale);

    /// <inheritdoc />
    public VersoContentCacheKey KeyForLocales(Guid workspaceId) =>
        VersoContentCacheKey.ForLocales(_store.KeyPrefix, PartitionHash(), workspaceId);

    /// <inheritdoc />
    public VersoContentCacheKey KeyForVersion(Guid workspaceId, Guid id, int versionNumber, bool? expandChildren = null) =>
        VersoContentCacheKey.ForVersion(_store.KeyPrefix, PartitionHash(), workspaceId, id, versionNumber, expandChildren);

    /// <inheritdoc />
    public VersoContentCacheKey KeyForList(Guid workspaceId, VersoContentListQuery? query = null) =>
        VersoContentCacheKey.ForList(_store.KeyPrefix, PartitionHash(), workspaceId, query);

    /// <inheritdoc />
    public async Task InvalidateAsync(VersoContentCacheKey key, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(key);
        _store.Sequence.Raise(key.WorkspaceId);
        await BestEffortAsync(() => _store.RemoveAsync(key, cancellationToken), cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public async Task InvalidateContentItemAsync(Guid workspaceId, Guid contentItemId, CancellationToken cancellationToken = default)
    {
        _store.Sequence.Raise(workspaceId);
        await BestEffortAsync(() => _store.InvalidateItemAsync(workspaceId, contentItemId, cancellationToken), cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public async Task InvalidateTranslationGroupAsync(Guid workspaceId, Guid translationGroupId, CancellationToken cancellationToken = default)
    {
        _store.Sequence.Raise(workspaceId);
        // Entries hold the group under its id (DependenciesOf), so the group is invalidated as an item.
        await BestEffortAsync(() => _store.InvalidateItemAsync(workspaceId, translationGroupId, cancellationToken), cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public async Task InvalidateWorkspaceAsync(Guid workspaceId, CancellationToken cancellationToken = default)
    {
        _store.Sequence.Raise(workspaceId);
        await BestEffortAsync(() => _store.InvalidateWorkspaceAsync(workspaceId, cancellationToken), cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public async Task<VersoContentCacheInvalidation> InvalidateForEventAsync(VersoWebhookEvent verified, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(verified);
        if (GuidMember(verified.Payload, "workspaceId") is not { } workspace)
        {
            return new VersoContentCacheInvalidation(verified, VersoContentCacheInvalidationScope.None, null, null);
        }
        if (verified.Type == VersoWebhookEventTypes.ReleasePublished)
        {
            // One event for the whole release, next to each entry's own content events (which an endpoint may not
            // subscribe to): its purge keys are the union of theirs, so with the entries they name every item whose
            // reads the release changed (the entries, their translation groups' members, the items embedding one).
            var (purged, wholeWorkspace) = PurgeTargets(verified.Payload);
            if (!wholeWorkspace)
            {
                var items = EntryItems(verified.Payload).Concat(purged).Distinct().ToList();
                _store.Sequence.Raise(workspace);
                await BestEffortAsync(() => _store.InvalidateItemsAsync(workspace, items, cancellationToken), cancellationToken).ConfigureAwait(false);
                return new VersoContentCacheInvalidation(verified, VersoContentCacheInvalidationScope.Release, workspace, null)
                {
                    ReleaseId = GuidMember(verified.Payload, "releaseId"),
                    ContentItemIds = items,
                };
            }
        }
        else if (VersoWebhookEventTypes.IsContentEvent(verified.Type) && GuidMember(verified.Payload, "contentItemId") is { } item)
        {
            var (purged, wholeWorkspace) = PurgeTargets(verified.Payload);
            if (!wholeWorkspace)
            {
                // The item, every item its purge keys name (each member of its translation group, each item embedding
                // one) and its group: a read in any locale may have served, fallen back to, listed or shared fields of
                // any member, and a child whose member in the reader's locale is missing is named by its item only.
                var group = GuidMember(verified.Payload, "translationGroupId");
                var items = new List<Guid> { item };
                items.AddRange(purged.Where(id => id != item).Distinct());
                IReadOnlyCollection<Guid> ids = group is { } g ? [.. items, g] : items;
                _store.Sequence.Raise(workspace);
                await BestEffortAsync(() => _store.InvalidateItemsAsync(workspace, ids, cancellationToken), cancellationToken).ConfigureAwait(false);
                return new VersoContentCacheInvalidation(verified, VersoContentCacheInvalidationScope.ContentItem, workspace, item)
                {
                    TranslationGroupId = group,
                    ContentItemIds = items,
                };
            }
        }
        // Templates change how every item of the workspace renders; workspace events (saving the locales among them),
        // types newer than this SDK and a content event with too many dependents to name (purge key ws-<id>) say
        // nothing narrower, so the whole workspace goes.
        await InvalidateWorkspaceAsync(workspace, cancellationToken).ConfigureAwait(false);
        return new VersoContentCacheInvalidation(verified, VersoContentCacheInvalidationScope.Workspace, workspace, null);
    }

    /// <summary>Whether the server answered as a preview: <c>isPreview</c> on the version or on any list item.</summary>
    internal static bool IsPreviewAnswer(object value) => value switch
    {
        ContentVersionDetailResponse v => v.IsPreview == true,
        ContentItemSummaryResponsePagedResponse page => page.Items?.Any(i => i.IsPreview == true) == true,
        _ => false,
    };

    private async Task<T> ReadAsync<T>(Func<VersoContentCacheKey> keyOf, TimeSpan? absoluteExpiration, Func<string?, CancellationToken, Task<T>> fetch, Func<T, IReadOnlyCollection<Guid>> itemsOf, CancellationToken cancellationToken, bool revalidate)
        where T : class
    {
        // Inside the task: a failing partition provider is a faulted task like any other failure of the read.
        var key = keyOf();
        var lifetime = absoluteExpiration ?? _store.DefaultAbsoluteExpiration;
        if (lifetime <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(absoluteExpiration), absoluteExpiration, "The absolute expiration must be greater than zero.");
        }
        CacheLookup<T> lookup;
        try
        {
            lookup = await _store.LookupAsync<T>(key, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (IsBackendFailure(e, cancellationToken))
        {
            _store.ReportBackendFailure(e);
            return await FetchAsync(key, fetch, revalidate, cancellationToken).ConfigureAwait(false);
        }
        if (lookup.Found) return lookup.Value!;

        return await _store.Flights.RunAsync(key.Text, async token =>
        {
            var before = _store.Sequence.Read(key.WorkspaceId);
            var value = await FetchAsync(key, fetch, revalidate, token).ConfigureAwait(false);
            // A preview token's answer (issue #27) is a draft for one editor: never stored.
            if (IsPreviewAnswer(value)) return value;
            if (_store.Sequence.Read(key.WorkspaceId) != before) return value;
            try
            {
                await _store.StoreAsync(key, lookup, value, itemsOf(value), lifetime, token).ConfigureAwait(false);
            }
            catch (Exception e) when (IsBackendFailure(e, token))
            {
                _store.ReportBackendFailure(e);
                return value;
            }
            // An invalidation between the check above and the write: take the write back.
            if (_store.Sequence.Read(key.WorkspaceId) != before)
            {
                await BestEffortAsync(() => _store.RemoveAsync(key, CancellationToken.None), CancellationToken.None).ConfigureAwait(false);
            }
            return value;
        }, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Fetches from the API; a delivery read sends the tag it last got for this key as If-None-Match, and a 304 brings
    /// back the value that tag names (it is what the API serves now). The tag and value pair are remembered for the
    /// next revalidation, never a preview answer (which carries no tag).
    /// </summary>
    private async Task<T> FetchAsync<T>(VersoContentCacheKey key, Func<string?, CancellationToken, Task<T>> fetch, bool revalidate, CancellationToken cancellationToken)
        where T : class
    {
        if (!revalidate) return await fetch(null, cancellationToken).ConfigureAwait(false);
        string? tag = null;
        T? known = null;
        if (_store.Validators.TryGet(key.Text, out var remembered, out var value) && value is T typed)
        {
            (tag, known) = (remembered, typed);
        }
        var capture = ResponseTagCapture.Begin();
        T fetched;
        try
        {
            fetched = await fetch(tag, cancellationToken).ConfigureAwait(false);
        }
        catch (VersoApiException e) when (known is not null && e.Status == 304)
        {
            return known;
        }
        if (capture.ETag is { } etag && !IsPreviewAnswer(fetched)) _store.Validators.Set(key.Text, etag, fetched);
        return fetched;
    }

    /// <summary>
    /// What the entry depends on: the version's item and every item expanded inside it, at any depth, every member in
    /// its <c>alternates</c>, and the translation group of each of those versions (a localized read may serve any
    /// member of the slug's group and shares fields with the default-locale member whether or not it named a locale; a
    /// change to any member is announced with the group). In a read that <paramref name="expanded"/> its children, a
    /// child left unexpanded serves nothing (in the reader's locale chain): it is a dependency by the id it is named by,
    /// as its first publication changes the answer. A read that does not expand depends on no child's content.
    /// </summary>
    private static IReadOnlyCollection<Guid> DependenciesOf(ContentVersionDetailResponse version, bool expanded)
    {
        var ids = new HashSet<Guid>();
        var seen = new HashSet<Guid>();
        var pending = new Stack<ContentVersionDetailResponse>();
        pending.Push(version);
        while (pending.TryPop(out var current))
        {
            if (!seen.Add(current.ContentItemId)) continue;
            ids.Add(current.ContentItemId);
            if (current.TranslationGroupId is { } group) ids.Add(group);
            foreach (var alternate in current.Alternates ?? []) ids.Add(alternate.ContentItemId);
            foreach (var field in current.Fields ?? [])
            {
                if (field.Child is { } child) pending.Push(child);
                else if (expanded && field.ChildContentItemId is { } missing) ids.Add(missing);
            }
        }
        return ids;
    }

    /// <summary>The item of each entry of a <c>release.published</c> payload, in the order listed.</summary>
    private static IEnumerable<Guid> EntryItems(JsonElement payload)
    {
        if (payload.ValueKind != JsonValueKind.Object || !payload.TryGetProperty("entries", out var entries) || entries.ValueKind != JsonValueKind.Array)
        {
            yield break;
        }
        foreach (var entry in entries.EnumerateArray())
        {
            if (GuidMember(entry, "itemId") is { } id) yield return id;
        }
    }

    /// <summary>The item ids a content event's <c>purgeKeys</c> name (<c>item-&lt;id&gt;</c>), and whether they name the
    /// whole workspace (<c>ws-&lt;id&gt;</c>: more dependents than the server lists).</summary>
    private static (List<Guid> Items, bool Workspace) PurgeTargets(JsonElement payload)
    {
        var items = new List<Guid>();
        if (payload.ValueKind != JsonValueKind.Object || !payload.TryGetProperty("purgeKeys", out var keys) || keys.ValueKind != JsonValueKind.Array)
        {
            return (items, false);
        }
        var workspace = false;
        foreach (var key in keys.EnumerateArray())
        {
            if (key.ValueKind != JsonValueKind.String) continue;
            var text = key.GetString()!;
            if (text.StartsWith("item-", StringComparison.Ordinal) && Guid.TryParse(text.AsSpan(5), out var id)) items.Add(id);
            else if (text.StartsWith("ws-", StringComparison.Ordinal)) workspace = true;
        }
        return (items, workspace);
    }

    private string PartitionHash()
    {
        string? partition;
        try
        {
            partition = _store.PartitionProvider();
        }
        catch (Exception e)
        {
            throw new InvalidOperationException("VersoContentCacheOptions.PartitionProvider threw; no cache key can be made without a partition.", e);
        }
        if (string.IsNullOrWhiteSpace(partition))
        {
            throw new InvalidOperationException("VersoContentCacheOptions.PartitionProvider returned no partition (null or blank): return a stable, non-secret id of the caller's audience.");
        }
        return VersoContentCacheKey.HashPartition(partition);
    }

    private async Task BestEffortAsync(Func<ValueTask> action, CancellationToken cancellationToken)
    {
        try
        {
            await action().ConfigureAwait(false);
        }
        catch (Exception e) when (IsBackendFailure(e, cancellationToken))
        {
            _store.ReportBackendFailure(e);
        }
    }

    /// <summary>Everything but the caller's own cancellation is the backend's failure.</summary>
    private static bool IsBackendFailure(Exception e, CancellationToken cancellationToken) =>
        !(e is OperationCanceledException && cancellationToken.IsCancellationRequested);

    private static Guid? GuidMember(JsonElement payload, string name) =>
        payload.ValueKind == JsonValueKind.Object && payload.TryGetProperty(name, out var value)
            && value.ValueKind == JsonValueKind.String && value.TryGetGuid(out var id)
            ? id
            : null;
}
