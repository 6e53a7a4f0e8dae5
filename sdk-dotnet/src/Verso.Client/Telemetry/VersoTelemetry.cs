using System.Diagnostics;
using System.Diagnostics.Metrics;

namespace Verso.Client.Telemetry;

/// <summary>
/// The <see cref="ActivitySource"/> and <see cref="Meter"/> the SDK reports through, both named
/// <see cref="SourceName"/> ("Verso.Client"): add that name to OpenTelemetry's tracing (<c>AddSource</c>) and metrics
/// (<c>AddMeter</c>) to see SDK spans, attempt and retry counts.
/// </summary>
/// <remarks>
/// Spans: one per call, named after the HTTP method, kind Client, and one child per attempt (<c>"{METHOD} attempt"</c>).
/// Tags: <c>http.request.method</c>, <c>http.response.status_code</c>, <c>verso.pipeline</c>, <c>verso.attempt</c> /
/// <c>verso.attempts</c>, <c>error.type</c>. Never a URL, query string, header value, body or token: a query can hold
/// search text and the bearer token is a secret.
/// Instruments: <c>verso.client.attempts</c>, <c>verso.client.retries</c>, <c>verso.client.circuit_open_rejections</c>
/// (counters) and <c>verso.client.call.duration</c> (histogram, seconds).
/// </remarks>
public static class VersoTelemetry
{
    /// <summary>The name of both the ActivitySource and the Meter.</summary>
    public const string SourceName = "Verso.Client";

    /// <summary>Counter name: attempts sent (tagged with method, status or error.type, pipeline).</summary>
    public const string AttemptsInstrument = "verso.client.attempts";

    /// <summary>Counter name: retries scheduled (tagged with method, pipeline, failure category).</summary>
    public const string RetriesInstrument = "verso.client.retries";

    /// <summary>Counter name: calls refused by an open circuit without sending (tagged with method, pipeline).</summary>
    public const string CircuitOpenRejectionsInstrument = "verso.client.circuit_open_rejections";

    /// <summary>Histogram name: duration of whole calls in seconds, waits included (tagged with method, status or error.type, pipeline).</summary>
    public const string CallDurationInstrument = "verso.client.call.duration";

    private static readonly string? Version = typeof(VersoTelemetry).Assembly.GetName().Version?.ToString(3);

    internal static readonly ActivitySource Source = new(SourceName, Version);
    internal static readonly Meter Meter = new(SourceName, Version);

    internal static readonly Counter<long> Attempts =
        Meter.CreateCounter<long>(AttemptsInstrument, "{attempt}", "HTTP attempts sent by the Verso client.");

    internal static readonly Counter<long> Retries =
        Meter.CreateCounter<long>(RetriesInstrument, "{retry}", "Retries the Verso client scheduled after a transient failure.");

    internal static readonly Counter<long> CircuitOpenRejections =
        Meter.CreateCounter<long>(CircuitOpenRejectionsInstrument, "{call}", "Calls the open circuit refused without sending.");

    internal static readonly Histogram<double> CallDuration =
        Meter.CreateHistogram<double>(CallDurationInstrument, "s", "Duration of Verso client calls, every attempt and wait included.");

    internal const string PipelineTag = "verso.pipeline";
    internal const string MethodTag = "http.request.method";
    internal const string StatusTag = "http.response.status_code";
    internal const string ErrorTypeTag = "error.type";
    internal const string AttemptTag = "verso.attempt";
    internal const string AttemptsTag = "verso.attempts";
    internal const string FailureCategoryTag = "verso.failure_category";

    /// <summary>The tags every instrument carries: the pipeline and the HTTP method of the call.</summary>
    internal static TagList CallTags(string pipeline, string method) => new()
    {
        { PipelineTag, pipeline },
        { MethodTag, method },
    };

    /// <summary>The method as OpenTelemetry spells it: known methods upper case, anything else "_OTHER" (a custom
    /// method name is caller input and could be unbounded).</summary>
    internal static string MethodName(HttpMethod method) => method.Method.ToUpperInvariant() switch
    {
        "GET" => "GET", "HEAD" => "HEAD", "OPTIONS" => "OPTIONS", "POST" => "POST", "PUT" => "PUT",
        "PATCH" => "PATCH", "DELETE" => "DELETE", "TRACE" => "TRACE", "CONNECT" => "CONNECT",
        _ => "_OTHER",
    };
}
