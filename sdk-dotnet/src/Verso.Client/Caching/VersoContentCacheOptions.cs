using Microsoft.Extensions.Options;

namespace Verso.Client.Caching;

/// <summary>
/// Settings of a <see cref="VersoContentCache"/>. <see cref="PartitionProvider"/> is mandatory; everything else has a
/// default. The values are copied when the cache is built, so changing this object afterwards has no effect.
/// </summary>
public sealed class VersoContentCacheOptions
{
    /// <summary>
    /// Returns the cache partition of the caller: a stable, non-secret id of the audience whose token reads the
    /// content (for example <c>"public-site"</c>, or a role name). Mandatory. Entries read by one partition are never
    /// served to another, so two audiences whose tokens see different content (a Reader token and a preview token)
    /// cannot leak entries to each other. The value is hashed (SHA-256) before it enters a key; still, never return a
    /// token or other secret here.
    /// </summary>
    public Func<string>? PartitionProvider { get; set; }

    /// <summary>How long an entry lives when a read passes no expiry of its own (default 5 minutes; must be greater
    /// than zero). Expiry is absolute: reading an entry never extends it, so content changed without an invalidation
    /// is at most this old.</summary>
    public TimeSpan DefaultAbsoluteExpiration { get; set; } = TimeSpan.FromMinutes(5);

    /// <summary>The first segment of every key (default <c>verso:content</c>); lets several caches share one
    /// backend without seeing each other's entries.</summary>
    public string KeyPrefix { get; set; } = "verso:content";

    /// <summary>Distributed backend only: how long a generation key lives (default 30 days; must be greater than
    /// zero). A generation key that expired is recreated with a new value, which only turns old entries into misses.</summary>
    public TimeSpan GenerationExpiration { get; set; } = TimeSpan.FromDays(30);

    /// <summary>
    /// Told about every cache backend failure the cache swallowed (the read then went to the API, or the write or
    /// invalidation was skipped). Optional; use it to log or count. Exceptions it throws are ignored.
    /// </summary>
    public Action<Exception>? OnBackendFailure { get; set; }
}

/// <summary>Checks <see cref="VersoContentCacheOptions"/> for the options system (DI) and for direct construction,
/// so both refuse the same settings with the same messages.</summary>
internal sealed class VersoContentCacheOptionsValidator : IValidateOptions<VersoContentCacheOptions>
{
    internal const string MissingPartition =
        "VersoContentCacheOptions.PartitionProvider is required: set it to a function returning a stable, non-secret id of " +
        "the audience whose token reads the content (for example o.PartitionProvider = () => \"public-site\"), so entries " +
        "read with one set of permissions are never served to another.";

    public ValidateOptionsResult Validate(string? name, VersoContentCacheOptions options)
    {
        var failures = new List<string>();
        if (options.PartitionProvider is null) failures.Add(MissingPartition);
        if (options.DefaultAbsoluteExpiration <= TimeSpan.Zero)
        {
            failures.Add($"VersoContentCacheOptions.DefaultAbsoluteExpiration must be greater than zero (was {options.DefaultAbsoluteExpiration}).");
        }
        if (string.IsNullOrWhiteSpace(options.KeyPrefix)) failures.Add("VersoContentCacheOptions.KeyPrefix must not be empty.");
        if (options.GenerationExpiration <= TimeSpan.Zero)
        {
            failures.Add($"VersoContentCacheOptions.GenerationExpiration must be greater than zero (was {options.GenerationExpiration}).");
        }
        return failures.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures);
    }

    /// <summary>Throws the <see cref="OptionsValidationException"/> the options system would throw.</summary>
    internal static void ThrowIfInvalid(VersoContentCacheOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        var result = new VersoContentCacheOptionsValidator().Validate(Options.DefaultName, options);
        if (result.Failed)
        {
            throw new OptionsValidationException(Options.DefaultName, typeof(VersoContentCacheOptions), result.Failures);
        }
    }
}
