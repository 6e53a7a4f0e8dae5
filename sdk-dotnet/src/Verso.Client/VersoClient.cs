using Verso.Client.Concurrency;
using Verso.Client.Generated;
using Verso.Client.Resilience;
using Verso.Client.Session;

namespace Verso.Client;

/// <summary>
/// A Verso API client for one caller identity: the generated operations (<see cref="Api"/>) on top of the resilient
/// pipeline. Build it with <see cref="VersoClientBuilder"/>.
/// </summary>
/// <remarks>
/// Everything stateful (token provider, session expiry, circuit breaker) belongs to this instance; two clients never
/// share tokens or state. Build one per integration (API-client token) or per signed-in user scope (session token).
/// </remarks>
public sealed class VersoClient : IDisposable
{
    private readonly CircuitBreaker _circuit;

    internal VersoClient(HttpClient httpClient, Uri baseUrl, SessionExpiryTracker session, CircuitBreaker circuit, ETagStore etags)
    {
        ETags = etags;
        HttpClient = httpClient;
        BaseUrl = baseUrl;
        Session = session;
        _circuit = circuit;
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

    /// <summary>Current state of this client's circuit breaker.</summary>
    public VersoCircuitState CircuitState => _circuit.State;

    public void Dispose() => HttpClient.Dispose();
}
