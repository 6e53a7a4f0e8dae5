using Verso.Client.Concurrency;
using Verso.Client.Errors;
using Verso.Client.Paging;
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
    private VersoResiliencePipeline? _sharedResilience;
    private VersoResponseObserver? _observer;
    private HttpMessageHandler? _transport;
    private bool _disposeTransport = true;
    private bool _trackETags = true;

    /// <summary>Starts a builder for the API at <paramref name="baseUrl"/>.</summary>
    /// <param name="baseUrl">The API origin (optionally with a path prefix), e.g. https://cms.example.com.</param>
    public VersoClientBuilder(string baseUrl)
        : this(new Uri(baseUrl ?? throw new ArgumentNullException(nameof(baseUrl)), UriKind.Absolute))
    {
    }

    /// <summary>Starts a builder for the API at <paramref name="baseUrl"/>.</summary>
    /// <param name="baseUrl">The API origin (optionally with a path prefix), e.g. https://cms.example.com.</param>
    public VersoClientBuilder(Uri baseUrl)
    {
        ArgumentNullException.ThrowIfNull(baseUrl);
        if (BaseUrlProblem(baseUrl) is { } problem) throw new ArgumentException(problem, nameof(baseUrl));
        // Generated paths are relative ("api/v1/..."); a trailing slash keeps a path prefix when they are resolved.
        _baseUrl = baseUrl.AbsoluteUri.EndsWith('/') ? baseUrl : new Uri(baseUrl.AbsoluteUri + "/");
    }

    /// <summary>Why <paramref name="baseUrl"/> cannot be a client's base URL, or null when it can: the one rule the
    /// builder and the DI options validator both enforce.</summary>
    internal static string? BaseUrlProblem(Uri baseUrl)
    {
        if (!baseUrl.IsAbsoluteUri || (baseUrl.Scheme != Uri.UriSchemeHttp && baseUrl.Scheme != Uri.UriSchemeHttps))
            return "The base URL must be an absolute http or https URL.";
        if (!string.IsNullOrEmpty(baseUrl.Query) || !string.IsNullOrEmpty(baseUrl.Fragment))
            return "The base URL must not have a query or fragment.";
        return null;
    }

    /// <summary>A fixed bearer token, e.g. an API-client token <c>verso_&lt;id&gt;_&lt;secret&gt;</c>; null sends none.</summary>
    public VersoClientBuilder WithToken(string? token) => WithTokenProvider(_ => ValueTask.FromResult(token));

    /// <summary>A callback read before every attempt (see <see cref="VersoTokenProvider"/>); replaces any earlier token.</summary>
    public VersoClientBuilder WithTokenProvider(VersoTokenProvider tokenProvider)
    {
        _tokenProvider = tokenProvider ?? throw new ArgumentNullException(nameof(tokenProvider));
        return this;
    }

    /// <summary>Retry, timeout and circuit settings for a pipeline of this client's own, built (from a copy) when
    /// <see cref="Build"/> runs. Replaces an earlier <see cref="WithSharedResilience"/>.</summary>
    public VersoClientBuilder WithResilience(VersoResilienceOptions options)
    {
        _resilience = options ?? throw new ArgumentNullException(nameof(options));
        _sharedResilience = null;
        return this;
    }

    /// <summary>
    /// Runs the client on an existing pipeline, shared with every other client built on it: one circuit breaker for
    /// all of them, so failures seen by any client open it for every one. Build the pipeline once (per API and
    /// configuration) and keep it; replaces an earlier <see cref="WithResilience"/>.
    /// </summary>
    /// <example>
    /// <code>
    /// var shared = new VersoResiliencePipeline(new VersoResilienceOptions { PipelineName = "cms" });
    /// // per request, with that request's user token:
    /// using var client = new VersoClientBuilder(baseUrl).WithSharedResilience(shared).WithToken(userToken).Build();
    /// </code>
    /// </example>
    public VersoClientBuilder WithSharedResilience(VersoResiliencePipeline pipeline)
    {
        _sharedResilience = pipeline ?? throw new ArgumentNullException(nameof(pipeline));
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

    /// <summary>Builds the client: the options given so far are read now; later changes to them change nothing.</summary>
    /// <exception cref="ArgumentException">A resilience setting is out of range (the message names it).</exception>
    public VersoClient Build()
    {
        var resilience = _sharedResilience ?? new VersoResiliencePipeline(_resilience);

        var session = new SessionExpiryTracker();
        HttpMessageHandler transport = _transport ?? new SocketsHttpHandler
        {
            AutomaticDecompression = System.Net.DecompressionMethods.All,
            // Re-resolve DNS now and then; a long-lived client must follow an API that moves.
            PooledConnectionLifetime = TimeSpan.FromMinutes(5),
        };
        if (!_disposeTransport) transport = new NonDisposingHandler(transport);

        // Outermost first: origin check, paging ranges (both refuse before anything is sent), error mapping of the
        // final response, ETags of final responses, then the resilience pipeline around the transport.
        var etags = new ETagStore();
        HttpMessageHandler resilient = new ResilienceHandler(resilience, _tokenProvider, session, _observer) { InnerHandler = transport };
        if (_trackETags) resilient = new ETagTrackingHandler(etags) { InnerHandler = resilient };
        // The content cache pairs each delivery read with its ETag through this (Caching/DeliveryValidators.cs).
        resilient = new Caching.ResponseTagCaptureHandler { InnerHandler = resilient };
        var pipeline = new SameOriginHandler(_baseUrl)
        {
            InnerHandler = new PagingRangeHandler { InnerHandler = new ApiErrorHandler { InnerHandler = resilient } },
        };
        var http = new HttpClient(pipeline, disposeHandler: true)
        {
            BaseAddress = _baseUrl,
            // The pipeline owns every timeout; HttpClient's own 100 s would be mistaken for caller cancellation.
            Timeout = Timeout.InfiniteTimeSpan,
        };
        http.DefaultRequestHeaders.UserAgent.ParseAdd("Verso.Client/" + typeof(VersoClient).Assembly.GetName().Version?.ToString(3));
        return new VersoClient(http, _baseUrl, session, resilience, etags);
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
