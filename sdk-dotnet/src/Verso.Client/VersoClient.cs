using Verso.Client.Concurrency;
using Verso.Client.Generated;
using Verso.Client.Resilience;
using Verso.Client.Session;

namespace Verso.Client;

/// <summary>
/// A Verso API client for one caller identity: the generated operations (<see cref="Api"/>) on top of the resilient
/// pipeline. Build it with <see cref="VersoClientBuilder"/>, or resolve it from DI after <c>services.AddVersoClient(…)</c>.
/// </summary>
/// <remarks>
/// The token provider, session expiry and ETags belong to this instance: two clients never share tokens or that
/// state. The circuit breaker belongs to the <see cref="Resilience"/> pipeline, which clients of one DI registration
/// (or one <see cref="VersoClientBuilder.WithSharedResilience"/> instance) share, so a failing server opens one circuit
/// for all of them.
/// </remarks>
public sealed class VersoClient : IDisposable
{
    internal VersoClient(HttpClient httpClient, Uri baseUrl, SessionExpiryTracker session, VersoResiliencePipeline resilience, ETagStore etags)
    {
        ETags = etags;
        HttpClient = httpClient;
        BaseUrl = baseUrl;
        Session = session;
        Resilience = resilience;
        Api = new VersoApiClient(httpClient);
    }

    /// <summary>One method per operationId of the contract (PascalCase + Async).</summary>
    public VersoApiClient Api { get; }

    /// <summary>The pipeline itself, for requests the generated client does not cover; same origin only.</summary>
    public HttpClient HttpClient { get; }

    /// <summary>The API base URL (always ending in a slash).</summary>
    public Uri BaseUrl { get; }

    /// <summary>The newest X-Session-Expires-At this client has seen.</summary>
    public SessionExpiryTracker Session { get; }

    /// <summary>ETags seen by this client, per resource URL (filled unless tracking was switched off).</summary>
    public ETagStore ETags { get; }

    /// <summary>The retry/timeout/circuit pipeline this client runs on (possibly shared with other clients).</summary>
    public VersoResiliencePipeline Resilience { get; }

    /// <summary>Current state of the circuit breaker of <see cref="Resilience"/>.</summary>
    public VersoCircuitState CircuitState => Resilience.CircuitState;

    /// <summary>Releases the HttpClient and its handlers (a shared transport or pipeline is left alone).</summary>
    public void Dispose() => HttpClient.Dispose();
}
