using System.Text;
using System.Text.Json;
using Microsoft.Extensions.Caching.Distributed;
using Verso.Client.Serialization;

namespace Verso.Client.Caching;

/// <summary>
/// <see cref="IDistributedCache"/> backend (Redis, SQL Server, …, whatever the host registers). A distributed cache
/// cannot remove by prefix or cancel tokens, so invalidation works through generations: small keys holding a random
/// value that entry keys embed. Writing a new generation makes every entry built on the old one unreachable (it
/// then expires on its own):
/// <list type="bullet">
/// <item><c>&lt;prefix&gt;:&lt;sha256(partition)&gt;:&lt;workspaceId&gt;:generation</c> — in every entry key of the workspace;</item>
/// <item><c>…:lists:generation</c> — in list entry keys;</item>
/// <item><c>…:item:&lt;id&gt;:generation</c> — in by-id and version entry keys, and stored inside by-slug entries
/// (whose item is only known from the response) and compared when they are read.</item>
/// </list>
/// Values are JSON. Every call may throw; <see cref="VersoContentCache"/> turns failures into API calls (fail-open).
/// </summary>
/// <remarks>
/// Across processes, an invalidation racing a read is caught by the generations read before the fetch (the entry is
/// written under the old generation, so never found), except for a by-slug read, whose item generation can only be
/// read after its response: a content event landing in another process during that read may leave the entry until
/// it expires. Within one process <see cref="InvalidationSequence"/> catches that case too.
/// </remarks>
internal sealed class DistributedContentStore : ContentCacheStore
{
    private static readonly JsonSerializerOptions Json = CreateJson();
    private readonly IDistributedCache _cache;

    public DistributedContentStore(IDistributedCache cache, VersoContentCacheOptions options)
        : base(options)
    {
        _cache = cache ?? throw new ArgumentNullException(nameof(cache));
    }

    private sealed record Ticket(string PhysicalKey);

    /// <summary>What is stored: the value, and for by-slug entries the item the response named with that item's
    /// generation when it was stored.</summary>
    private sealed record Envelope<T>(Guid? Item, string? ItemGeneration, T Value);

    public override async ValueTask<CacheLookup<T>> LookupAsync<T>(VersoContentCacheKey key, CancellationToken cancellationToken)
    {
        var physical = await PhysicalKeyAsync(key, create: true, cancellationToken).ConfigureAwait(false);
        var ticket = new Ticket(physical!);
        var bytes = await _cache.GetAsync(physical!, cancellationToken).ConfigureAwait(false);
        if (bytes is null) return CacheLookup<T>.Miss(ticket);
        Envelope<T>? envelope;
        try
        {
            envelope = JsonSerializer.Deserialize<Envelope<T>>(bytes, Json);
        }
        catch (JsonException e)
        {
            // Written by another version of this SDK, or damaged: a miss, overwritten by the fetched value.
            Report(e);
            return CacheLookup<T>.Miss(ticket);
        }
        if (envelope?.Value is null) return CacheLookup<T>.Miss(ticket);
        if (key.Kind == VersoContentCacheEntryKind.Slug && envelope.Item is { } item)
        {
            var current = await GenerationAsync(ItemGenerationKey(key.Scope, item), create: false, cancellationToken).ConfigureAwait(false);
            if (current is null || current != envelope.ItemGeneration) return CacheLookup<T>.Miss(ticket);
        }
        return CacheLookup<T>.Hit(envelope.Value);
    }

    public override async ValueTask StoreAsync<T>(VersoContentCacheKey key, CacheLookup<T> miss, T value, Guid? contentItemId, TimeSpan absoluteExpiration, CancellationToken cancellationToken)
    {
        var ticket = (Ticket)miss.Ticket!;
        string? itemGeneration = null;
        if (key.Kind == VersoContentCacheEntryKind.Slug && contentItemId is { } item)
        {
            itemGeneration = await GenerationAsync(ItemGenerationKey(key.Scope, item), create: true, cancellationToken).ConfigureAwait(false);
        }
        var bytes = JsonSerializer.SerializeToUtf8Bytes(new Envelope<T>(contentItemId, itemGeneration, value), Json);
        await _cache.SetAsync(ticket.PhysicalKey, bytes, new DistributedCacheEntryOptions { AbsoluteExpirationRelativeToNow = absoluteExpiration }, cancellationToken)
            .ConfigureAwait(false);
    }

    public override async ValueTask RemoveAsync(VersoContentCacheKey key, CancellationToken cancellationToken)
    {
        // No generation yet means nothing was stored under this key.
        if (await PhysicalKeyAsync(key, create: false, cancellationToken).ConfigureAwait(false) is { } physical)
        {
            await _cache.RemoveAsync(physical, cancellationToken).ConfigureAwait(false);
        }
    }

    public override async ValueTask InvalidateItemAsync(CacheScope scope, Guid contentItemId, CancellationToken cancellationToken) =>
        // Both are attempted even when one fails; the first failure is then reported.
        await Task.WhenAll(
            RenewAsync(ItemGenerationKey(scope, contentItemId), cancellationToken),
            RenewAsync(ListGenerationKey(scope), cancellationToken)).ConfigureAwait(false);

    public override async ValueTask InvalidateWorkspaceAsync(CacheScope scope, CancellationToken cancellationToken) =>
        await RenewAsync(WorkspaceGenerationKey(scope), cancellationToken).ConfigureAwait(false);

    private async ValueTask<string?> PhysicalKeyAsync(VersoContentCacheKey key, bool create, CancellationToken cancellationToken)
    {
        var workspace = await GenerationAsync(WorkspaceGenerationKey(key.Scope), create, cancellationToken).ConfigureAwait(false);
        if (workspace is null) return null;
        var inner = key.Kind switch
        {
            VersoContentCacheEntryKind.Content or VersoContentCacheEntryKind.Version =>
                await GenerationAsync(ItemGenerationKey(key.Scope, key.ContentItemId!.Value), create, cancellationToken).ConfigureAwait(false),
            VersoContentCacheEntryKind.List => await GenerationAsync(ListGenerationKey(key.Scope), create, cancellationToken).ConfigureAwait(false),
            _ => "-",
        };
        return inner is null ? null : $"{key.Text}@{workspace}.{inner}";
    }

    private string ScopeText(CacheScope scope) => $"{KeyPrefix}:{scope.PartitionHash}:{scope.WorkspaceId:D}";

    internal string WorkspaceGenerationKey(CacheScope scope) => ScopeText(scope) + ":generation";

    private string ListGenerationKey(CacheScope scope) => ScopeText(scope) + ":lists:generation";

    private string ItemGenerationKey(CacheScope scope, Guid item) => $"{ScopeText(scope)}:item:{item:D}:generation";

    private async ValueTask<string?> GenerationAsync(string key, bool create, CancellationToken cancellationToken)
    {
        var bytes = await _cache.GetAsync(key, cancellationToken).ConfigureAwait(false);
        if (bytes is not null) return Encoding.UTF8.GetString(bytes);
        // Two processes creating one at once: the last write wins and entries written under the other are misses.
        return create ? await RenewAsync(key, cancellationToken).ConfigureAwait(false) : null;
    }

    private async Task<string> RenewAsync(string key, CancellationToken cancellationToken)
    {
        var generation = Guid.NewGuid().ToString("N");
        await _cache.SetAsync(key, Encoding.UTF8.GetBytes(generation), new DistributedCacheEntryOptions { AbsoluteExpirationRelativeToNow = GenerationExpiration }, cancellationToken)
            .ConfigureAwait(false);
        return generation;
    }

    private void Report(Exception e)
    {
        try
        {
            OnBackendFailure?.Invoke(e);
        }
        catch
        {
            // A failing observer must not turn a cache miss into an error.
        }
    }

    private static JsonSerializerOptions CreateJson()
    {
        var options = new JsonSerializerOptions(JsonSerializerDefaults.Web);
        options.Converters.Add(new EnumMemberConverterFactory());
        return options;
    }
}
