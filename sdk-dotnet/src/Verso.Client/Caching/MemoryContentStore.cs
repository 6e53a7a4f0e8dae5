using System.Collections.Concurrent;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.Primitives;

namespace Verso.Client.Caching;

/// <summary>
/// <see cref="IMemoryCache"/> backend. Entries carry change tokens: one per workspace (all its entries), one per item
/// (the entries holding it: by id, its versions, by-slug entries and entries that expanded it as a child) and one per
/// workspace for lists. Invalidating cancels the token, which expires every entry holding it at once, in every
/// partition, without enumerating keys.
/// </summary>
/// <remarks>The token sources live in this store, so every cache over one <see cref="IMemoryCache"/> should share
/// one store (DI does; build one <see cref="VersoContentCache"/> otherwise). One source is kept per item ever cached
/// until it is invalidated: a few hundred bytes per item of the site.</remarks>
internal sealed class MemoryContentStore : ContentCacheStore
{
    private readonly IMemoryCache _cache;
    private readonly ConcurrentDictionary<Guid, CancellationTokenSource> _workspaces = new();
    private readonly ConcurrentDictionary<Guid, CancellationTokenSource> _lists = new();
    private readonly ConcurrentDictionary<(Guid Workspace, Guid Item), CancellationTokenSource> _items = new();

    public MemoryContentStore(IMemoryCache cache, VersoContentCacheOptions options)
        : base(options)
    {
        _cache = cache ?? throw new ArgumentNullException(nameof(cache));
    }

    /// <summary>The tokens an entry gets, taken before its fetch: an invalidation after this point cancels them,
    /// so the entry, once stored, is already expired.</summary>
    private sealed record Tokens(CancellationToken Workspace, CancellationToken? Lists, CancellationToken? Item);

    public override ValueTask<CacheLookup<T>> LookupAsync<T>(VersoContentCacheKey key, CancellationToken cancellationToken)
    {
        if (_cache.TryGetValue(key.Text, out var value) && value is T found) return ValueTask.FromResult(CacheLookup<T>.Hit(found));
        var ws = key.WorkspaceId;
        var tokens = new Tokens(
            Token(_workspaces, ws),
            key.Kind == VersoContentCacheEntryKind.List ? Token(_lists, ws) : null,
            key.ContentItemId is { } item ? Token(_items, (ws, item)) : null);
        return ValueTask.FromResult(CacheLookup<T>.Miss(tokens));
    }

    public override ValueTask StoreAsync<T>(VersoContentCacheKey key, CacheLookup<T> miss, T value, IReadOnlyCollection<Guid> items, TimeSpan absoluteExpiration, CancellationToken cancellationToken)
    {
        var tokens = (Tokens)miss.Ticket!;
        using (var entry = _cache.CreateEntry(key.Text))
        {
            entry.Value = value;
            entry.AbsoluteExpirationRelativeToNow = absoluteExpiration;
            // A host cache with a SizeLimit refuses entries without a size; one entry counts as one.
            entry.Size = 1;
            entry.ExpirationTokens.Add(new CancellationChangeToken(tokens.Workspace));
            if (tokens.Lists is { } lists) entry.ExpirationTokens.Add(new CancellationChangeToken(lists));
            if (tokens.Item is { } item) entry.ExpirationTokens.Add(new CancellationChangeToken(item));
            // Items known only from the response (the slug's item, expanded children): their current tokens; an
            // invalidation of them during the fetch is caught by the in-flight check instead.
            foreach (var id in items.Where(id => id != key.ContentItemId))
            {
                entry.ExpirationTokens.Add(new CancellationChangeToken(Token(_items, (key.WorkspaceId, id))));
            }
        }
        return ValueTask.CompletedTask;
    }

    public override ValueTask RemoveAsync(VersoContentCacheKey key, CancellationToken cancellationToken)
    {
        _cache.Remove(key.Text);
        return ValueTask.CompletedTask;
    }

    public override ValueTask InvalidateItemAsync(Guid workspaceId, Guid contentItemId, CancellationToken cancellationToken)
    {
        Expire(_items, (workspaceId, contentItemId));
        Expire(_lists, workspaceId);
        return ValueTask.CompletedTask;
    }

    public override ValueTask InvalidateItemsAsync(Guid workspaceId, IReadOnlyCollection<Guid> ids, CancellationToken cancellationToken)
    {
        foreach (var id in ids) Expire(_items, (workspaceId, id));
        Expire(_lists, workspaceId);
        return ValueTask.CompletedTask;
    }

    public override ValueTask InvalidateWorkspaceAsync(Guid workspaceId, CancellationToken cancellationToken)
    {
        Expire(_workspaces, workspaceId);
        // Every entry of the workspace holds its token; the item and list sources are dropped too so the
        // dictionaries do not keep sources nobody will cancel.
        Expire(_lists, workspaceId);
        foreach (var key in _items.Keys.Where(k => k.Workspace == workspaceId)) Expire(_items, key);
        return ValueTask.CompletedTask;
    }

    private static CancellationToken Token<TKey>(ConcurrentDictionary<TKey, CancellationTokenSource> sources, TKey key)
        where TKey : notnull =>
        sources.GetOrAdd(key, static _ => new CancellationTokenSource()).Token;

    private static void Expire<TKey>(ConcurrentDictionary<TKey, CancellationTokenSource> sources, TKey key)
        where TKey : notnull
    {
        // Removed first, cancelled second: a reader taking a token in between gets the cancelled one, whose entry
        // expires immediately, or a fresh one created after the removal, which is after the invalidation.
        if (sources.TryRemove(key, out var source)) source.Cancel();
    }
}
