using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;
using Verso.Client;
using Verso.Client.Caching;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>
/// DI registration of the cached content reader. Each registers <see cref="IVersoContentCache"/>,
/// <see cref="IVersoContentCacheInvalidator"/> and <see cref="VersoContentCache"/> (transient fronts over one
/// singleton store, so single flight and invalidation are shared), resolving <see cref="VersoClient"/> from the
/// container (register it with <c>services.AddVersoClient(…)</c>). Options are validated when the cache is first
/// resolved (or at start-up, under a host): a missing <see cref="VersoContentCacheOptions.PartitionProvider"/> is an
/// <see cref="OptionsValidationException"/> naming it. Register one backend per container.
/// </summary>
public static class VersoContentCacheServiceCollectionExtensions
{
    /// <summary>Cached content on <see cref="IMemoryCache"/> (registered with <c>AddMemoryCache()</c> if absent).</summary>
    /// <example><code>services.AddVersoContentMemoryCache(o =&gt; o.PartitionProvider = () =&gt; "public-site");</code></example>
    public static IServiceCollection AddVersoContentMemoryCache(this IServiceCollection services, Action<VersoContentCacheOptions> configure)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.AddMemoryCache();
        return Register(services, configure, sp => new MemoryContentStore(
            sp.GetRequiredService<IMemoryCache>(), sp.GetRequiredService<IOptions<VersoContentCacheOptions>>().Value));
    }

    /// <summary>Cached content on the host's <see cref="IDistributedCache"/> (Redis, SQL Server, …; register it
    /// first). A failing backend never fails a read: the read goes to the API.</summary>
    public static IServiceCollection AddVersoContentDistributedCache(this IServiceCollection services, Action<VersoContentCacheOptions> configure)
    {
        ArgumentNullException.ThrowIfNull(services);
        return Register(services, configure, sp => new DistributedContentStore(
            sp.GetService<IDistributedCache>() ?? throw new InvalidOperationException(
                "AddVersoContentDistributedCache needs an IDistributedCache in the container: register one first (for example AddStackExchangeRedisCache or AddDistributedMemoryCache)."),
            sp.GetRequiredService<IOptions<VersoContentCacheOptions>>().Value));
    }

    private static IServiceCollection Register(IServiceCollection services, Action<VersoContentCacheOptions> configure, Func<IServiceProvider, ContentCacheStore> store)
    {
        ArgumentNullException.ThrowIfNull(configure);
        services.AddOptions<VersoContentCacheOptions>().Configure(configure).ValidateOnStart();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<VersoContentCacheOptions>, VersoContentCacheOptionsValidator>());
        services.Replace(ServiceDescriptor.Singleton(store));
        services.TryAddTransient(sp => new VersoContentCache(sp.GetRequiredService<VersoClient>(), sp.GetRequiredService<ContentCacheStore>()));
        services.TryAddTransient<IVersoContentCache>(sp => sp.GetRequiredService<VersoContentCache>());
        services.TryAddTransient<IVersoContentCacheInvalidator>(sp => sp.GetRequiredService<VersoContentCache>());
        return services;
    }
}
