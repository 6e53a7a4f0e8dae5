using System.Collections.Concurrent;
using Microsoft.Extensions.Options;
using Verso.Client.Resilience;

namespace Verso.Client;

/// <summary>
/// Creates clients of the <c>AddVersoClient</c> registrations. Every client of one registration runs on that
/// registration's single <see cref="VersoResiliencePipeline"/> (built on first use from its options), so they share
/// one circuit breaker; each client still has its own token, session expiry and ETags.
/// </summary>
/// <example>
/// <code>
/// // An app that calls the API as the signed-in user builds a client per request, all sharing one circuit:
/// var verso = factory.CreateClient(tokenProvider: _ =&gt; ValueTask.FromResult(userSession.Token));
/// </code>
/// </example>
public sealed class VersoClientFactory
{
    private readonly IOptionsMonitor<VersoClientOptions> _options;
    private readonly IHttpMessageHandlerFactory _handlers;
    private readonly ConcurrentDictionary<string, Lazy<VersoResiliencePipeline>> _pipelines = new(StringComparer.Ordinal);

    internal VersoClientFactory(IOptionsMonitor<VersoClientOptions> options, IHttpMessageHandlerFactory handlers)
    {
        _options = options;
        _handlers = handlers;
    }

    /// <summary>
    /// A new client of registration <paramref name="name"/> (default: <see cref="VersoClientOptions.DefaultName"/>).
    /// The transport is the registration's HttpClient handler chain from IHttpClientFactory (handlers added to the
    /// returned <c>IHttpClientBuilder</c> and its primary handler), run once per attempt under the Verso pipeline.
    /// </summary>
    /// <param name="name">The registration name given to AddVersoClient.</param>
    /// <param name="tokenProvider">A token source for this client only (e.g. the current user's session); when null the
    /// registration's <see cref="VersoClientOptions.TokenProvider"/> or <see cref="VersoClientOptions.ApiToken"/> is used.</param>
    /// <exception cref="OptionsValidationException">The registration's options are invalid or missing (the message names the setting).</exception>
    public VersoClient CreateClient(string? name = null, VersoTokenProvider? tokenProvider = null)
    {
        name ??= VersoClientOptions.DefaultName;
        var options = _options.Get(name);
        var pipeline = PipelineOf(name, options);

        var builder = new VersoClientBuilder(options.BaseUrl!)
            // The factory owns (and recycles) its handlers: the client must not dispose them.
            .WithTransport(_handlers.CreateHandler(name), disposeWithClient: false)
            .WithSharedResilience(pipeline)
            .WithETagTracking(options.TrackETags);
        var tokens = tokenProvider ?? options.TokenProvider;
        if (tokens is not null) builder.WithTokenProvider(tokens);
        else builder.WithToken(options.ApiToken);
        if (options.ResponseObserver is not null) builder.WithResponseObserver(options.ResponseObserver);
        return builder.Build();
    }

    /// <summary>The registration's shared pipeline (built on first use; later option changes do not rebuild it).</summary>
    /// <param name="name">The registration name (default: <see cref="VersoClientOptions.DefaultName"/>).</param>
    public VersoResiliencePipeline GetPipeline(string? name = null)
    {
        name ??= VersoClientOptions.DefaultName;
        return PipelineOf(name, _options.Get(name));
    }

    private VersoResiliencePipeline PipelineOf(string name, VersoClientOptions options) =>
        _pipelines.GetOrAdd(name, key => new Lazy<VersoResiliencePipeline>(
            () => new VersoResiliencePipeline(options.Resilience.PipelineName == VersoResilienceOptions.DefaultPipelineName
                ? options.Resilience with { PipelineName = key }
                : options.Resilience),
            LazyThreadSafetyMode.ExecutionAndPublication)).Value;
}
