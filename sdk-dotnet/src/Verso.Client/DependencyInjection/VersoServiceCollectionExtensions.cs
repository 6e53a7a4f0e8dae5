using System.Collections.Frozen;
using System.Globalization;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;
using Verso.Client;
using Verso.Client.DependencyInjection;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers Verso clients in a service collection (the .NET way: options, IHttpClientFactory, one shared
/// resilience pipeline per registration).</summary>
/// <example>
/// <code>
/// builder.Services.AddVersoClient(builder.Configuration.GetSection("Verso"))
///     .AddHttpMessageHandler&lt;MyAuditHandler&gt;();          // runs once per attempt, under the retries
/// // later: app code takes VersoClient (or VersoClientFactory) by injection
/// </code>
/// </example>
public static class VersoServiceCollectionExtensions
{
    /// <summary>
    /// Registers the default Verso client (<see cref="VersoClientOptions.DefaultName"/>): <see cref="VersoClient"/>
    /// (transient), <see cref="VersoClientFactory"/> (singleton) and a named HttpClient whose handlers are the transport.
    /// </summary>
    /// <returns>The HttpClient builder of the registration: add handlers or set the primary handler on it.</returns>
    public static IHttpClientBuilder AddVersoClient(this IServiceCollection services, Action<VersoClientOptions> configure) =>
        services.AddVersoClient(VersoClientOptions.DefaultName, configure);

    /// <summary>Registers the default Verso client with options bound from <paramref name="configuration"/> (e.g.
    /// <c>configuration.GetSection("Verso")</c>), then <paramref name="configure"/> (for delegates such as a token provider).</summary>
    /// <returns>The HttpClient builder of the registration.</returns>
    public static IHttpClientBuilder AddVersoClient(this IServiceCollection services, IConfiguration configuration, Action<VersoClientOptions>? configure = null) =>
        services.AddVersoClient(VersoClientOptions.DefaultName, configuration, configure);

    /// <summary>
    /// Registers a named Verso client; create its clients with <see cref="VersoClientFactory.CreateClient"/>. Each name
    /// has its own options and its own pipeline (so its own circuit); <see cref="VersoClient"/> itself resolves to the
    /// default name.
    /// </summary>
    /// <returns>The HttpClient builder of the registration.</returns>
    public static IHttpClientBuilder AddVersoClient(this IServiceCollection services, string name, Action<VersoClientOptions> configure)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configure);
        services.AddOptions<VersoClientOptions>(Require(name)).Configure(configure).ValidateOnStart();
        return AddCore(services, name);
    }

    /// <summary>Registers a named Verso client with options bound from <paramref name="configuration"/>, then
    /// <paramref name="configure"/>.</summary>
    /// <returns>The HttpClient builder of the registration.</returns>
    public static IHttpClientBuilder AddVersoClient(this IServiceCollection services, string name, IConfiguration configuration, Action<VersoClientOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configuration);
        var options = services.AddOptions<VersoClientOptions>(Require(name))
            .Bind(configuration)
            .Configure(o => BindStatusCodes(o, configuration.GetSection("Resilience:RetryableStatusCodes")))
            .ValidateOnStart();
        if (configure is not null) options.Configure(configure);
        return AddCore(services, name);
    }

    private static IHttpClientBuilder AddCore(IServiceCollection services, string name)
    {
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<VersoClientOptions>, VersoClientOptionsValidator>());
        services.TryAddSingleton(sp => new VersoClientFactory(
            sp.GetRequiredService<IOptionsMonitor<VersoClientOptions>>(),
            sp.GetRequiredService<IHttpMessageHandlerFactory>()));
        if (name == VersoClientOptions.DefaultName)
            services.TryAddTransient(sp => sp.GetRequiredService<VersoClientFactory>().CreateClient());
        return services.AddHttpClient(name);
    }

    /// <summary>
    /// The binder cannot replace a read-only set property (it leaves the defaults in place), so a configured list of
    /// retryable statuses is read here and replaces the defaults as a whole, as a list in configuration should.
    /// </summary>
    private static void BindStatusCodes(VersoClientOptions options, IConfigurationSection section)
    {
        if (!section.Exists() || options.Resilience is null) return;
        var codes = section.GetChildren().Select(child => int.TryParse(child.Value, NumberStyles.None, CultureInfo.InvariantCulture, out var code)
            ? code
            : throw new InvalidOperationException($"Configuration value '{child.Path}' is not an HTTP status code: '{child.Value}'."));
        options.Resilience = options.Resilience with { RetryableStatusCodes = codes.ToFrozenSet() };
    }

    private static string Require(string name) =>
        string.IsNullOrWhiteSpace(name) ? throw new ArgumentException("A registration name must not be blank.", nameof(name)) : name;
}
