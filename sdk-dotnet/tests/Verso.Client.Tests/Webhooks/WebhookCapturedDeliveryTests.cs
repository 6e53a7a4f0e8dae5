using System.Text.Json;
using Microsoft.Extensions.Time.Testing;
using Verso.Client.Tests.Support;
using Verso.Client.Webhooks;

namespace Verso.Client.Tests.Webhooks;

/// <summary>
/// VersoWebhook.Verify against deliveries the real server sent over HTTPS, captured by
/// test/webhooks/capture-deliveries.ts into test/fixtures/webhook-deliveries/deliveries.json (the TypeScript SDK's tests
/// verify the same file, and a fresh capture too). Each is verified with the clock set to when it arrived.
/// </summary>
public class WebhookCapturedDeliveryTests
{
    public sealed record Expected(string Id, string Type, JsonElement Payload);

    public sealed record Captured(
        string Label,
        string Endpoint,
        int Answered,
        string Secret,
        string? PreviousSecret,
        long ReceivedAtMs,
        string[][] Headers,
        string BodyBase64,
        Expected Expected)
    {
        public byte[] Body => Convert.FromBase64String(BodyBase64);

        public List<KeyValuePair<string, string>> HeaderPairs => Headers.Select(h => new KeyValuePair<string, string>(h[0], h[1])).ToList();

        public string Header(string name) => Headers.Single(h => string.Equals(h[0], name, StringComparison.OrdinalIgnoreCase))[1];

        public VersoWebhookOptions At(TimeSpan offset = default) =>
            new() { TimeProvider = new FakeTimeProvider(DateTimeOffset.FromUnixTimeMilliseconds(ReceivedAtMs) + offset) };
    }

    private sealed record Fixture(string Description, Captured[] Deliveries);

    private static readonly Captured[] Deliveries = Load();

    private static Captured[] Load()
    {
        var path = Path.Combine(SdkPaths.SdkRoot, "..", "test", "fixtures", "webhook-deliveries", "deliveries.json");
        var fixture = JsonSerializer.Deserialize<Fixture>(File.ReadAllText(path), new JsonSerializerOptions(JsonSerializerDefaults.Web));
        return fixture!.Deliveries;
    }

    [Fact]
    public void The_fixture_holds_the_four_cases_the_capture_script_makes()
    {
        Assert.Equal(
            ["A content.created 200", "B content.version_published 503", "B content.version_published 200", "A content.created 200"],
            Deliveries.Select(d => $"{d.Endpoint} {d.Expected.Type} {d.Answered}"));
        Assert.DoesNotMatch("^whsec_", Deliveries[0].Secret);
        Assert.Matches("^whsec_[A-Za-z0-9_-]{43}$", Deliveries[1].Secret);
    }

    [Fact]
    public void Every_captured_delivery_verifies_with_its_secret_at_the_time_it_arrived()
    {
        foreach (var d in Deliveries)
        {
            var e = VersoWebhook.Verify(d.Body, d.HeaderPairs, d.Secret, d.At());
            Assert.Equal(d.Expected.Id, e.Id);
            Assert.Equal(d.Expected.Type, e.Type);
            Assert.True(JsonElement.DeepEquals(d.Expected.Payload, e.Payload), d.Label);
            Assert.InRange((DateTimeOffset.FromUnixTimeMilliseconds(d.ReceivedAtMs) - e.Timestamp!.Value).TotalSeconds, -2, 2);
            var payload = e.PayloadAs<VersoContentEventPayload>();
            Assert.Equal(d.Expected.Payload.GetProperty("contentItemId").GetGuid(), payload.ContentItemId);
        }
    }

    [Fact]
    public void Captured_headers_verify_lower_cased_and_as_lists_of_values()
    {
        foreach (var d in Deliveries)
        {
            var lower = d.Headers.ToDictionary(h => h[0].ToLowerInvariant(), h => h[1]);
            var lists = d.Headers.ToDictionary(h => h[0], h => new[] { h[1] });
            Assert.Equal(d.Expected.Id, VersoWebhook.Verify(d.Body, lower, d.Secret, d.At()).Id);
            Assert.Equal(d.Expected.Id, VersoWebhook.Verify(d.Body, lists, d.Secret, d.At()).Id);
        }
    }

    [Fact]
    public void A_retry_carries_the_same_event_id_and_bytes_under_a_new_timestamp_and_signature()
    {
        var (failed, retried) = (Deliveries[1], Deliveries[2]);
        Assert.Equal(failed.Expected.Id, retried.Expected.Id);
        Assert.Equal(failed.BodyBase64, retried.BodyBase64);
        Assert.NotEqual(failed.Header("webhook-timestamp"), retried.Header("webhook-timestamp"));
        Assert.NotEqual(failed.Header("webhook-signature"), retried.Header("webhook-signature"));
        Assert.Equal(failed.Header("x-verso-signature"), retried.Header("x-verso-signature"));
    }

    [Fact]
    public void After_a_rotation_the_previous_secret_no_longer_verifies_but_both_together_do()
    {
        var d = Deliveries[3];
        Assert.Equal(Deliveries[0].Secret, d.PreviousSecret);
        var e = Assert.Throws<VersoWebhookException>(() => VersoWebhook.Verify(d.Body, d.HeaderPairs, d.PreviousSecret!, d.At()));
        Assert.Equal(VersoWebhookFailure.SignatureMismatch, e.Failure);
        Assert.Equal(d.Expected.Id, VersoWebhook.Verify(d.Body, d.HeaderPairs, [d.PreviousSecret!, d.Secret], d.At()).Id);
    }

    [Fact]
    public void Every_captured_body_names_its_event_type_and_id_as_the_headers_do()
    {
        foreach (var d in Deliveries)
        {
            using var body = JsonDocument.Parse(d.Body);
            var (type, id) = (body.RootElement.GetProperty("type").GetString(), body.RootElement.GetProperty("id").GetString());
            Assert.Equal((d.Expected.Type, d.Expected.Id), (type, id));
            Assert.Equal((type, id, id), (d.Header("x-verso-event"), d.Header("x-verso-event-id"), d.Header("webhook-id")));
        }
    }

    [Fact]
    public void A_captured_content_version_published_delivery_relabelled_content_deleted_is_refused()
    {
        var d = Deliveries.First(x => x.Expected.Type == VersoWebhookEventTypes.ContentVersionPublished);
        var relabelled = d.HeaderPairs
            .Select(h => string.Equals(h.Key, "X-Verso-Event", StringComparison.OrdinalIgnoreCase) ? new KeyValuePair<string, string>(h.Key, VersoWebhookEventTypes.ContentDeleted) : h)
            .ToList();
        var e = Assert.Throws<VersoWebhookException>(() => VersoWebhook.Verify(d.Body, relabelled, d.Secret, d.At()));
        Assert.Equal((VersoWebhookFailure.HeaderMismatch, "header_mismatch", "x-verso-event"), (e.Failure, e.ReasonCode, e.Header));
    }

    [Fact]
    public void A_captured_delivery_replayed_after_the_tolerance_or_changed_by_one_bit_is_refused()
    {
        foreach (var d in Deliveries)
        {
            var replay = Assert.Throws<VersoWebhookException>(() => VersoWebhook.Verify(d.Body, d.HeaderPairs, d.Secret, d.At(TimeSpan.FromSeconds(301))));
            Assert.Equal(VersoWebhookFailure.TimestampTooOld, replay.Failure);
            var bytes = d.Body;
            bytes[^2] ^= 1;
            var tampered = Assert.Throws<VersoWebhookException>(() => VersoWebhook.Verify(bytes, d.HeaderPairs, d.Secret, d.At()));
            Assert.Equal(VersoWebhookFailure.SignatureMismatch, tampered.Failure);
        }
    }
}
