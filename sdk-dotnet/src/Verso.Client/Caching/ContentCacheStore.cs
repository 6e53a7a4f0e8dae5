namespace Verso.Client.Caching;

/// <summary>What a lookup found: a value, or a miss with whatever the backend noted for storing the fetched value
/// (memory: the invalidation tokens current before the fetch; distributed: the key with its generations).</summary>
internal readonly record struct CacheLookup<T>(bool Found, T? Value, object? Ticket)
    where T : class
{
    public static CacheLookup<T> Hit(T value) => new(true, value, null);

    public static CacheLookup<T> Miss(object? ticket) => new(false, null, ticket);
}

/// <summary>
/// A cache backend for <see cref="VersoContentCache"/>, plus the state every front over it shares: one instance per
/// registration (DI singleton) or per <see cref="VersoContentCache"/> built directly.
/// </summary>
internal abstract class ContentCacheStore
{
    private readonly Action<Exception>? _onBackendFailure;

    protected ContentCacheStore(VersoContentCacheOptions options)
    {
        VersoContentCacheOptionsValidator.ThrowIfInvalid(options);
        PartitionProvider = options.PartitionProvider!;
        DefaultAbsoluteExpiration = options.DefaultAbsoluteExpiration;
        KeyPrefix = options.KeyPrefix;
        GenerationExpiration = options.GenerationExpiration;
        _onBackendFailure = options.OnBackendFailure;
    }

    public Func<string> PartitionProvider { get; }

    public TimeSpan DefaultAbsoluteExpiration { get; }

    public string KeyPrefix { get; }

    public TimeSpan GenerationExpiration { get; }

    /// <summary>Hands a backend failure to <see cref="VersoContentCacheOptions.OnBackendFailure"/>; a failing observer
    /// must not change the read's outcome, so its own exception is swallowed.</summary>
    public void ReportBackendFailure(Exception e)
    {
        try
        {
            _onBackendFailure?.Invoke(e);
        }
        catch
        {
            // Deliberately swallowed: the observer is told, the read goes on.
        }
    }

    public SingleFlight Flights { get; } = new();

    public InvalidationSequence Sequence { get; } = new();

    /// <summary>The last ETag and value of each delivery read, to revalidate with (issue #27).</summary>
    public DeliveryValidators Validators { get; } = new();

    public abstract ValueTask<CacheLookup<T>> LookupAsync<T>(VersoContentCacheKey key, CancellationToken cancellationToken)
        where T : class;

    /// <summary>Stores a fetched value; <paramref name="items"/> are what the value depends on (read from the
    /// response: the version's item, its expanded children, the members named in its alternates, and the translation
    /// groups of the versions it holds), so each of their invalidations reaches the entry. Item and group ids share one
    /// namespace: both are UUIDs the server draws independently, and a group is invalidated as its id.</summary>
    public abstract ValueTask StoreAsync<T>(VersoContentCacheKey key, CacheLookup<T> miss, T value, IReadOnlyCollection<Guid> items, TimeSpan absoluteExpiration, CancellationToken cancellationToken)
        where T : class;

    public abstract ValueTask RemoveAsync(VersoContentCacheKey key, CancellationToken cancellationToken);

    /// <summary>Every entry holding the item, and every list entry of the workspace, in every partition.</summary>
    public abstract ValueTask InvalidateItemAsync(Guid workspaceId, Guid contentItemId, CancellationToken cancellationToken);

    /// <summary>Every entry holding any of <paramref name="ids"/> (items or translation groups), and every list entry
    /// of the workspace, in every partition.</summary>
    public abstract ValueTask InvalidateItemsAsync(Guid workspaceId, IReadOnlyCollection<Guid> ids, CancellationToken cancellationToken);

    /// <summary>Every entry of the workspace, in every partition.</summary>
    public abstract ValueTask InvalidateWorkspaceAsync(Guid workspaceId, CancellationToken cancellationToken);
}
