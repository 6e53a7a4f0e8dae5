using Verso.Client.Resilience;

namespace Verso.Client;

/// <summary>
/// What <c>services.AddVersoClient(…)</c> configures: where the API is, how calls authenticate, and the resilience
/// settings of the registration's one shared pipeline. Bindable from configuration, e.g.
/// <c>{"Verso": {"BaseUrl": "https://cms.example.com", "ApiToken": "…", "Resilience": {"MaxAttempts": 4}}}</c>.
/// </summary>
/// <remarks>
/// Validated when the first client of the registration is resolved, and when a generic host starts (ValidateOnStart):
/// an <c>OptionsValidationException</c> names the registration and the setting. <see cref="Resilience"/> is read once per registration, when its pipeline is built; the other settings
/// are read for every client created.
/// </remarks>
public sealed class VersoClientOptions
{
    /// <summary>The registration name used by the overloads without a name (and by a resolved <see cref="VersoClient"/>).</summary>
    public const string DefaultName = "Verso.Client";

    /// <summary>The API origin, optionally with a path prefix (absolute http or https, no query or fragment). Required.</summary>
    public string? BaseUrl { get; set; }

    /// <summary>A static bearer token, e.g. an API-client token <c>verso_&lt;id&gt;_&lt;secret&gt;</c>; keep it in a secret
    /// store or user secrets. Ignored when <see cref="TokenProvider"/> is set.</summary>
    public string? ApiToken { get; set; }

    /// <summary>Called before every attempt for the bearer token; wins over <see cref="ApiToken"/>. Not bindable.</summary>
    public VersoTokenProvider? TokenProvider { get; set; }

    /// <summary>Sees every received response once (see <see cref="VersoResponseObserver"/>). Not bindable.</summary>
    public VersoResponseObserver? ResponseObserver { get; set; }

    /// <summary>Whether clients remember ETags of reads and send them as If-Match on writes (default true).</summary>
    public bool TrackETags { get; set; } = true;

    /// <summary>Retry, timeout, circuit and telemetry settings of the registration's shared pipeline.</summary>
    public VersoResilienceOptions Resilience { get; set; } = new();
}
