using System.Collections.Concurrent;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using Verso.Client.Errors;
using Verso.Client.Resilience;
using Verso.Client.Telemetry;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.Telemetry;

/// <summary>The ActivitySource and Meter named "Verso.Client": what an OpenTelemetry user sees. Tests run in parallel
/// and share the static source, so each test filters by its own pipeline name.</summary>
public class ActivityAndMeterTests
{
    private const string Token = "verso_spanid_spansecret";

    [Fact]
    public void Source_and_meter_are_named_Verso_Client()
    {
        Assert.Equal("Verso.Client", VersoTelemetry.SourceName);
    }

    [Fact]
    public async Task A_retried_call_is_one_client_span_with_a_child_span_per_attempt_and_no_URL_or_token()
    {
        var pipeline = "spans-" + Guid.NewGuid();
        var spans = new ConcurrentQueue<Activity>();
        using var listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == VersoTelemetry.SourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = activity =>
            {
                if (activity.GetTagItem("verso.pipeline") as string == pipeline) spans.Enqueue(activity);
            },
        };
        ActivitySource.AddActivityListener(listener);
        var transport = new StubTransport(Replies.Status(503), Replies.Ok());
        using var client = Clients.Build(transport, Clients.Fast with { PipelineName = pipeline }, tokens: _ => ValueTask.FromResult<string?>(Token));

        using var response = await client.HttpClient.GetAsync("api/v1/workspaces/w/content?q=secret-search&page=2").Within();

        var call = Assert.Single(spans, s => s.Kind == ActivityKind.Client);
        Assert.Equal("GET", call.DisplayName);
        Assert.Equal("GET", call.GetTagItem("http.request.method"));
        Assert.Equal(200, call.GetTagItem("http.response.status_code"));
        Assert.Equal(2, call.GetTagItem("verso.attempts"));
        var attempts = spans.Where(s => s.Kind == ActivityKind.Internal).OrderBy(s => (int)s.GetTagItem("verso.attempt")!).ToList();
        Assert.Equal(2, attempts.Count);
        Assert.All(attempts, a => Assert.Equal(call.SpanId, a.ParentSpanId));
        Assert.Equal([503, 200], attempts.Select(a => (int)a.GetTagItem("http.response.status_code")!));
        foreach (var span in spans)
        {
            foreach (var tag in span.TagObjects)
            {
                var text = Convert.ToString(tag.Value, System.Globalization.CultureInfo.InvariantCulture) ?? "";
                Assert.DoesNotContain("secret", text);
                Assert.DoesNotContain("api/v1", text);
                Assert.DoesNotContain("verso.test", text);
            }
            Assert.DoesNotContain("content", span.DisplayName);
        }
    }

    [Fact]
    public async Task A_failed_call_span_carries_the_error_type()
    {
        var pipeline = "errors-" + Guid.NewGuid();
        var spans = new ConcurrentQueue<Activity>();
        using var listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == VersoTelemetry.SourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
            ActivityStopped = activity =>
            {
                if (activity.GetTagItem("verso.pipeline") as string == pipeline && activity.Kind == ActivityKind.Client) spans.Enqueue(activity);
            },
        };
        ActivitySource.AddActivityListener(listener);
        var transport = new StubTransport(Replies.ConnectionRefused());
        using var client = Clients.Build(transport, Clients.Fast with { PipelineName = pipeline, MaxAttempts = 2 });

        await Assert.ThrowsAsync<HttpRequestException>(() => client.HttpClient.GetAsync("api/v1/things").Within());

        var span = Assert.Single(spans);
        Assert.Equal(ActivityStatusCode.Error, span.Status);
        Assert.Equal(typeof(HttpRequestException).FullName, span.GetTagItem("error.type"));
        Assert.Equal(2, span.GetTagItem("verso.attempts"));
    }

    [Fact]
    public async Task Counters_count_attempts_retries_and_circuit_rejections_and_the_histogram_times_each_call()
    {
        var pipeline = "meters-" + Guid.NewGuid();
        var measurements = new ConcurrentQueue<(string Instrument, double Value, Dictionary<string, object?> Tags)>();
        using var listener = new MeterListener
        {
            InstrumentPublished = (instrument, l) =>
            {
                if (instrument.Meter.Name == VersoTelemetry.SourceName) l.EnableMeasurementEvents(instrument);
            },
        };
        void Record(Instrument instrument, double value, ReadOnlySpan<KeyValuePair<string, object?>> tags)
        {
            var map = new Dictionary<string, object?>();
            foreach (var tag in tags) map[tag.Key] = tag.Value;
            if (map.GetValueOrDefault("verso.pipeline") as string == pipeline) measurements.Enqueue((instrument.Name, value, map));
        }
        listener.SetMeasurementEventCallback<long>((instrument, value, tags, _) => Record(instrument, value, tags));
        listener.SetMeasurementEventCallback<double>((instrument, value, tags, _) => Record(instrument, value, tags));
        listener.Start();

        var transport = new StubTransport(Replies.Status(503), Replies.Ok(), Replies.Status(503));
        using var client = Clients.Build(transport, Clients.Fast with
        {
            PipelineName = pipeline, MaxAttempts = 2, CircuitEnabled = true, CircuitMinimumThroughput = 3, CircuitFailureRatio = 0.6,
        });

        using (await client.HttpClient.GetAsync("api/v1/things").Within()) { }     // 503, retried, 200
        await Assert.ThrowsAsync<VersoCircuitOpenException>(() => client.HttpClient.GetAsync("api/v1/things").Within()); // 503 opens it; the retry is refused

        var list = measurements.ToList();
        var attempts = list.Where(m => m.Instrument == VersoTelemetry.AttemptsInstrument).ToList();
        Assert.Equal(3, attempts.Sum(m => m.Value));
        Assert.Equal([503, 200, 503], attempts.Select(m => (int)m.Tags["http.response.status_code"]!));
        Assert.All(attempts, m => Assert.Equal("GET", m.Tags["http.request.method"]));
        var retries = list.Where(m => m.Instrument == VersoTelemetry.RetriesInstrument).ToList();
        Assert.Equal(2, retries.Sum(m => m.Value));
        Assert.All(retries, m => Assert.Equal("Status", m.Tags["verso.failure_category"]));
        Assert.Equal(1, list.Where(m => m.Instrument == VersoTelemetry.CircuitOpenRejectionsInstrument).Sum(m => m.Value));
        var durations = list.Where(m => m.Instrument == VersoTelemetry.CallDurationInstrument).ToList();
        Assert.Equal(2, durations.Count);
        Assert.All(durations, m => Assert.True(m.Value > 0));
        Assert.Equal(200, durations[0].Tags["http.response.status_code"]);
        Assert.Equal(typeof(VersoCircuitOpenException).FullName, durations[1].Tags["error.type"]);
        Assert.All(list, m => Assert.DoesNotContain(m.Tags.Values, v => v is string s && s.Contains("api/v1")));
    }
}
