using System.Text;
using System.Text.Json;
using Microsoft.Extensions.Caching.Distributed;
using Verso.Client.Serialization;

namespace Verso.Client.Caching;

/// <summary>
/// <see cref="IDistributedCache"/> backend (Redis, SQL Server, …, whatever the host registers). A distributed cache
/// cannot remove by prefix or cancel tokens, so invalidation works through generations: small keys holding a random
/// value that entries are built on. Writing a new generation makes every entry built on the old one unreachable (it
/// then expires on its own). Generations are per workspace, not per partition, so an invalidation reaches every
/// audience's entries:
/// <list type="bullet">
/// <item><c>&lt;prefix&gt;:&lt;workspaceId&gt;:generation</c> — in every entry key of the workspace;</item>
/// <item><c>…:lists:generation</c> — in list entry keys;</item>
/// <item><c>…:item:&lt;id&gt;:generation</c> — in by-id and version entry keys; for items known only from the response
/// (a slug's item, expanded children, alternates, and the translation groups of the versions it holds, under their
/// group id) stored inside the entry and compared when it is read.</item>
/// </list>
/// Entry keys are <see cref="VersoContentCacheKey"/> (which hashes the partition) plus <c>@&lt;generations&gt;</c>.
/// Values are JSON. Every call may throw; <see cref="VersoContentCache"/> turns failures into API calls (fail-open).
/// </summary>
/// <remarks>
/// Across processes, an invalidation racing a read is caught by the generations read before the fetch (the entry is
/// written under the old generation, so never found), except for items known only from the response, whose
/// generation is read after it: a content event handled by another process during that read may leave the entry
/// until it expires. Within one process <see cref="InvalidationSequence"/> catches that case too.
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

    /// <summary>What is stored: the value, and the generations of the items it holds that its key does not name.</summary>
    private sealed record Envelope<T>(Dictionary<Guid, string>? Items, T Value);

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
            ReportBackendFailure(e);
            return CacheLookup<T>.Miss(ticket);
        }
        if (envelope?.Value is null) return CacheLookup<T>.Miss(ticket);
        foreach (var (item, generation) in envelope.Items ?? [])
        {
            var current = await GenerationAsync(ItemGenerationKey(key.WorkspaceId, item), create: false, cancellationToken).ConfigureAwait(false);
            if (current != generation) return CacheLookup<T>.Miss(ticket);
        }
        return CacheLookup<T>.Hit(envelope.Value);
    }

    public override async ValueTask StoreAsync<T>(VersoContentCacheKey key, CacheLookup<T> miss, T value, IReadOnlyCollection<Guid> items, TimeSpan absoluteExpiration, CancellationToken cancellationToken)
    {
        var ticket = (Ticket)miss.Ticket!;
        Dictionary<Guid, string>? linked = null;
        foreach (var item in items.Where(id => id != key.ContentItemId).Distinct())
        {
            linked ??= [];
            linked[item] = (await GenerationAsync(ItemGenerationKey(key.WorkspaceId, item), create: true, cancellationToken).ConfigureAwait(false))!;
        }
        var bytes = JsonSerializer.SerializeToUtf8Bytes(new Envelope<T>(linked, value), Json);
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

    public override async ValueTask InvalidateItemAsync(Guid workspaceId, Guid contentItemId, CancellationToken cancellationToken) =>
        // Both are attempted even when one fails; the first failure is then reported.
        await Task.WhenAll(
            RenewAsync(ItemGenerationKey(workspaceId, contentItemId), cancellationToken),
            RenewAsync(ListGenerationKey(workspaceId), cancellationToken)).ConfigureAwait(false);

    public override async ValueTask InvalidateItemsAsync(Guid workspaceId, IReadOnlyCollection<Guid> ids, CancellationToken cancellationToken) =>
        // Every one is attempted even when one fails; the first failure is then reported.
        await Task.WhenAll(ids.Distinct().Select(id => RenewAsync(ItemGenerationKey(workspaceId, id), cancellationToken))
            .Append(RenewAsync(ListGenerationKey(workspaceId), cancellationToken))).ConfigureAwait(false);

    public override async ValueTask InvalidateWorkspaceAsync(Guid workspaceId, CancellationToken cancellationToken) =>
        await RenewAsync(WorkspaceGenerationKey(workspaceId), cancellationToken).ConfigureAwait(false);

    private async ValueTask<string?> PhysicalKeyAsync(VersoContentCacheKey key, bool create, CancellationToken cancellationToken)
    {
        var ws = key.WorkspaceId;
        var workspace = await GenerationAsync(WorkspaceGenerationKey(ws), create, cancellationToken).ConfigureAwait(false);
        if (workspace is null) return null;
        var inner = key.Kind switch
        {
            VersoContentCacheEntryKind.Content or VersoContentCacheEntryKind.Version =>
                await GenerationAsync(ItemGenerationKey(ws, key.ContentItemId!.Value), create, cancellationToken).ConfigureAwait(false),
            VersoContentCacheEntryKind.List => await GenerationAsync(ListGenerationKey(ws), create, cancellationToken).ConfigureAwait(false),
            _ => "-",
        };
        return inner is null ? null : $"{key.Text}@{workspace}.{inner}";
    }

    internal string WorkspaceGenerationKey(Guid workspaceId) => $"{KeyPrefix}:{workspaceId:D}:generation";

    private string ListGenerationKey(Guid workspaceId) => $"{KeyPrefix}:{workspaceId:D}:lists:generation";

    private string ItemGenerationKey(Guid workspaceId, Guid item) => $"{KeyPrefix}:{workspaceId:D}:item:{item:D}:generation";

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

    private static JsonSerializerOptions CreateJson()
    {
        var options = new JsonSerializerOptions(JsonSerializerDefaults.Web);
        options.Converters.Add(new EnumMemberConverterFactory());
        return options;
    }
}
