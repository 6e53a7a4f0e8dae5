using Verso.Client.Concurrency;
using Verso.Client.Errors;
using Verso.Client.Resilience;
using Verso.Client.Session;

namespace Verso.Client;

/// <summary>
/// Builds a <see cref="VersoClient"/> without a DI container: base URL, token (static or provider), resilience
/// options, an optional response observer and, for tests or custom networking, the transport handler.
/// </summary>
/// <example>
/// <code>
/// using var client = new VersoClientBuilder("https://cms.example.com")
///     .WithToken(Environment.GetEnvironmentVariable("VERSO_TOKEN"))
///     .Build();
/// var me = await client.Api.GetCurrentUserAsync();
/// </code>
/// </example>
public sealed class VersoClientBuilder
{
    private readonly Uri _baseUrl;
    private VersoTokenProvider _tokenProvider = static _ => ValueTask.FromResult<string?>(null);
    private VersoResilienceOptions _resilience = new();
    private VersoResponseObserver? _observer;
    private HttpMessageHandler? _transport;
    private bool _disposeTransport = true;
    private bool _trackETags = true;

    public VersoClientBuilder(string baseUrl)
        : this(new Uri(baseUrl ?? throw new ArgumentNullException(nameof(baseUrl)), UriKind.Absolute))
    {
    }

    /// <param name="baseUrl">The API origin (optionally with a path prefix), e.g. https://cms.example.com.</param>
    public VersoClientBuilder(Uri baseUrl)
    {
        ArgumentNullException.ThrowIfNull(baseUrl);
        if (!baseUrl.IsAbsoluteUri || (baseUrl.Scheme != Uri.UriSchemeHttp && baseUrl.Scheme != Uri.UriSchemeHttps))
            throw new ArgumentException("The base URL must be an absolute http or https URL.", nameof(baseUrl));
        if (!string.IsNullOrEmpty(baseUrl.Query) || !string.IsNullOrEmpty(baseUrl.Fragment))
            throw new ArgumentException("The base URL must not have a query or fragment.", nameof(baseUrl));
        // Generated paths are relative ("api/v1/..."); a trailing slash keeps a path prefix when they are resolved.
        _baseUrl = baseUrl.AbsoluteUri.EndsWith('/') ? baseUrl : new Uri(baseUrl.AbsoluteUri + "/");
    }

    /// <summary>A fixed bearer token, e.g. an API-client token <c>verso_&lt;id&gt;_&lt;secret&gt;</c>; null sends none.</summary>
    public VersoClientBuilder WithToken(string? token) => WithTokenProvider(_ => ValueTask.FromResult(token));

    /// <summary>A callback read before every attempt (see <see cref="VersoTokenProvider"/>); replaces any earlier token.</summary>
    public VersoClientBuilder WithTokenProvider(VersoTokenProvider tokenProvider)
    {
        _tokenProvider = tokenProvider ?? throw new ArgumentNullException(nameof(tokenProvider));
        return this;
    }

    /// <summary>Retry, timeout and circuit settings; copied when <see cref="Build"/> runs.</summary>
    public VersoClientBuilder WithResilience(VersoResilienceOptions options)
    {
        _resilience = options ?? throw new ArgumentNullException(nameof(options));
        return this;
    }

    /// <summary>A callback for every received response (see <see cref="VersoResponseObserver"/>).</summary>
    public VersoClientBuilder WithResponseObserver(VersoResponseObserver observer)
    {
        _observer = observer ?? throw new ArgumentNullException(nameof(observer));
        return this;
    }

    /// <summary>The handler that really sends (default: a new SocketsHttpHandler). Tests pass a stub here.</summary>
    /// <param name="transport">The innermost handler.</param>
    /// <param name="disposeWithClient">False when the handler is shared and outlives the client.</param>
    public VersoClientBuilder WithTransport(HttpMessageHandler transport, bool disposeWithClient = true)
    {
        _transport = transport ?? throw new ArgumentNullException(nameof(transport));
        _disposeTransport = disposeWithClient;
        return this;
    }

    /// <summary>Whether the client remembers ETags of reads and sends them as If-Match on writes to the same URL
    /// (default true; see <see cref="ETagStore"/>).</summary>
    public VersoClientBuilder WithETagTracking(bool enabled)
    {
        _trackETags = enabled;
        return this;
    }

    public VersoClient Build()
    {
        var options = _resilience.Freeze();
        options.Validate();

        var session = new SessionExpiryTracker();
        var circuit = new CircuitBreaker(options.CircuitFailureThreshold, options.CircuitBreakDuration, options.TimeProvider);
        HttpMessageHandler transport = _transport ?? new SocketsHttpHandler
        {
            AutomaticDecompression = System.Net.DecompressionMethods.All,
            // Re-resolve DNS now and then; a long-lived client must follow an API that moves.
            PooledConnectionLifetime = TimeSpan.FromMinutes(5),
        };
        if (!_disposeTransport) transport = new NonDisposingHandler(transport);

        // Outermost first: origin check, error mapping of the final response, ETags of final responses, then
        // retries around the transport.
        var etags = new ETagStore();
        HttpMessageHandler resilient = new ResilienceHandler(options, _tokenProvider, session, _observer, circuit) { InnerHandler = transport };
        if (_trackETags) resilient = new ETagTrackingHandler(etags) { InnerHandler = resilient };
        var pipeline = new SameOriginHandler(_baseUrl) { InnerHandler = new ApiErrorHandler { InnerHandler = resilient } };
        var http = new HttpClient(pipeline, disposeHandler: true)
        {
            BaseAddress = _baseUrl,
            // The pipeline owns every timeout; HttpClient's own 100 s would be mistaken for caller cancellation.
            Timeout = Timeout.InfiniteTimeSpan,
        };
        http.DefaultRequestHeaders.UserAgent.ParseAdd("Verso.Client/" + typeof(VersoClient).Assembly.GetName().Version?.ToString(3));
        return new VersoClient(http, _baseUrl, session, circuit, etags);
    }

    /// <summary>Keeps a shared transport alive when the client is disposed.</summary>
    private sealed class NonDisposingHandler : DelegatingHandler
    {
        public NonDisposingHandler(HttpMessageHandler inner) : base(inner)
        {
        }

        protected override void Dispose(bool disposing)
        {
            // Deliberately not base.Dispose: that would dispose the shared inner handler.
        }
    }
}
