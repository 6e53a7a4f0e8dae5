using System.Collections.Concurrent;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.Primitives;

namespace Verso.Client.Caching;

/// <summary>
/// <see cref="IMemoryCache"/> backend. Entries carry change tokens: one per workspace (all entries), one per item
/// (its by-id, version and by-slug entries) and one per workspace for lists. Invalidating cancels the token, which
/// expires every entry holding it at once, without enumerating keys.
/// </summary>
internal sealed class MemoryContentStore : ContentCacheStore
{
    private readonly IMemoryCache _cache;
    private readonly ConcurrentDictionary<CacheScope, CancellationTokenSource> _workspaces = new();
    private readonly ConcurrentDictionary<CacheScope, CancellationTokenSource> _lists = new();
    private readonly ConcurrentDictionary<(CacheScope Scope, Guid Item), CancellationTokenSource> _items = new();

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
        var tokens = new Tokens(
            Token(_workspaces, key.Scope),
            key.Kind == VersoContentCacheEntryKind.List ? Token(_lists, key.Scope) : null,
            key.ContentItemId is { } item ? Token(_items, (key.Scope, item)) : null);
        return ValueTask.FromResult(CacheLookup<T>.Miss(tokens));
    }

    public override ValueTask StoreAsync<T>(VersoContentCacheKey key, CacheLookup<T> miss, T value, Guid? contentItemId, TimeSpan absoluteExpiration, CancellationToken cancellationToken)
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
            var item = tokens.Item ?? (contentItemId is { } id ? Token(_items, (key.Scope, id)) : null);
            if (item is { } itemToken) entry.ExpirationTokens.Add(new CancellationChangeToken(itemToken));
        }
        return ValueTask.CompletedTask;
    }

    public override ValueTask RemoveAsync(VersoContentCacheKey key, CancellationToken cancellationToken)
    {
        _cache.Remove(key.Text);
        return ValueTask.CompletedTask;
    }

    public override ValueTask InvalidateItemAsync(CacheScope scope, Guid contentItemId, CancellationToken cancellationToken)
    {
        Expire(_items, (scope, contentItemId));
        Expire(_lists, scope);
        return ValueTask.CompletedTask;
    }

    public override ValueTask InvalidateWorkspaceAsync(CacheScope scope, CancellationToken cancellationToken)
    {
        Expire(_workspaces, scope);
        // Every entry of the workspace holds its token; the item and list sources of the scope are dropped too so
        // the dictionaries do not keep sources nobody will cancel.
        Expire(_lists, scope);
        foreach (var key in _items.Keys.Where(k => k.Scope == scope)) Expire(_items, key);
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
