using System.Collections;
using System.Collections.Specialized;
using System.Text;
using Microsoft.Extensions.Time.Testing;
using Verso.Client.Webhooks;
using static Verso.Client.Tests.Webhooks.WebhookSigner;

namespace Verso.Client.Tests.Webhooks;

/// <summary>VersoWebhook.Verify on deliveries signed like the server signs them, and on variations of them: tampering,
/// wrong keys, clocks, missing and malformed headers, several signatures and secrets, header casing and shapes. The
/// captured real deliveries are WebhookCapturedDeliveryTests.</summary>
public class WebhookVerificationTests
{
    private static readonly DateTimeOffset SignedAt = DateTimeOffset.FromUnixTimeSeconds(Timestamp);

    private static VersoWebhookOptions At(DateTimeOffset now, TimeSpan? tolerance = null, bool requireStandard = true) => new()
    {
        TimeProvider = new FakeTimeProvider(now),
        Tolerance = tolerance ?? TimeSpan.FromMinutes(5),
        RequireStandardSignature = requireStandard,
    };

    private static readonly VersoWebhookOptions Now = At(SignedAt.AddMilliseconds(250));

    private static VersoWebhookException Refused(Action verify, VersoWebhookFailure failure, string? header = null)
    {
        var e = Assert.Throws<VersoWebhookException>(verify);
        Assert.Equal(failure, e.Failure);
        if (header is not null) Assert.Equal(header, e.Header);
        Assert.DoesNotContain("whsec_", e.Message);
        return e;
    }

    /// <summary>ASP.NET Core's IHeaderDictionary holds StringValues (a struct listing strings); this stands in for it
    /// so the generic overload is exercised with a struct value type, without a reference to ASP.NET Core.</summary>
    private readonly struct FakeStringValues(params string[] values) : IReadOnlyList<string?>
    {
        public string? this[int index] => values[index];
        public int Count => values.Length;
        public IEnumerator<string?> GetEnumerator() => ((IEnumerable<string?>)values).GetEnumerator();
        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
    }

    [Fact]
    public void A_good_delivery_gives_its_id_type_payload_and_signed_time()
    {
        var e = VersoWebhook.Verify(Body, Sign(), Secret, Now);
        Assert.Equal(EventId, e.Id);
        Assert.Equal("content.created", e.Type);
        Assert.Equal(SignedAt, e.Timestamp);
        var payload = e.PayloadAs<VersoContentEventPayload>();
        Assert.Equal(Guid.Parse("01a215cd-78f5-7374-a8bb-fb5f5204d6fd"), payload.ContentItemId);
        Assert.Null(payload.ContentVersionId);
        Assert.Null(payload.VersionNumber);
        Assert.Equal("f8fffc51-9c39-4644-bead-3750824317ee", e.Payload.GetProperty("workspaceId").GetString());
    }

    [Fact]
    public void Headers_are_read_in_any_case_and_from_every_usual_shape()
    {
        var sent = Sign();
        var lower = sent.ToDictionary(h => h.Key.ToLowerInvariant(), h => h.Value);
        var upper = sent.ToDictionary(h => h.Key.ToUpperInvariant(), h => h.Value);
        Assert.Equal(EventId, VersoWebhook.Verify(Body, sent, Secret, Now).Id);
        Assert.Equal(EventId, VersoWebhook.Verify(Body, lower, Secret, Now).Id);
        Assert.Equal(EventId, VersoWebhook.Verify(Body, upper, Secret, Now).Id);

        var stringValues = sent.ToDictionary(h => h.Key, h => new FakeStringValues(h.Value));
        Assert.Equal(EventId, VersoWebhook.Verify(Body, stringValues, Secret, Now).Id);

        var arrays = sent.ToDictionary(h => h.Key, h => new[] { h.Value });
        Assert.Equal(EventId, VersoWebhook.Verify(Body, arrays, Secret, Now).Id);

        using var request = new HttpRequestMessage(HttpMethod.Post, "https://receiver.example/hooks");
        foreach (var (name, value) in sent.Where(h => h.Key != "Content-Type")) Assert.True(request.Headers.TryAddWithoutValidation(name, value));
        Assert.Equal(EventId, VersoWebhook.Verify(Body, request.Headers, Secret, Now).Id);

        var collection = new NameValueCollection();
        foreach (var (name, value) in sent) collection.Add(name, value);
        Assert.Equal(EventId, VersoWebhook.Verify(Body, name => collection[name], Secret, Now).Id);
    }

    [Fact]
    public void The_body_may_be_a_byte_array_or_a_span_of_a_larger_buffer()
    {
        var buffer = new byte[Body.Length + 10];
        Body.CopyTo(buffer, 5);
        Assert.Equal(EventId, VersoWebhook.Verify(buffer.AsSpan(5, Body.Length), Sign(), Secret, Now).Id);
    }

    [Fact]
    public void Payload_records_read_the_other_event_types()
    {
        var template = Typed("{\"templateId\":\"01a215cd-0000-7000-8000-000000000001\",\"templateVersionId\":\"01a215cd-0000-7000-8000-000000000002\",\"versionNumber\":3,\"workspaceId\":\"f8fffc51-9c39-4644-bead-3750824317ee\"}",
            VersoWebhookEventTypes.TemplateVersionPublished);
        var e = VersoWebhook.Verify(template, Sign(template, type: VersoWebhookEventTypes.TemplateVersionPublished), Secret, Now);
        Assert.Equal(3, e.PayloadAs<VersoTemplateVersionPublishedPayload>().VersionNumber);
        Assert.False(VersoWebhookEventTypes.IsContentEvent(e.Type));

        var workspace = Typed("{\"workspaceId\":\"f8fffc51-9c39-4644-bead-3750824317ee\",\"name\":\"Site\",\"slug\":\"site\"}", VersoWebhookEventTypes.WorkspaceUpdated);
        var w = VersoWebhook.Verify(workspace, Sign(workspace, type: VersoWebhookEventTypes.WorkspaceUpdated), Secret, Now);
        Assert.Equal("site", w.PayloadAs<VersoWorkspaceUpdatedPayload>().Slug);
    }

    [Fact]
    public void A_tampered_body_does_not_verify()
    {
        var headers = Sign();
        var tampered = Encoding.UTF8.GetBytes(Encoding.UTF8.GetString(Body).Replace("\"status\":null", "\"status\":\"Published\""));
        Refused(() => VersoWebhook.Verify(tampered, headers, Secret, Now), VersoWebhookFailure.SignatureMismatch, "x-verso-signature");
        Refused(() => VersoWebhook.Verify([.. Body, (byte)'\n'], headers, Secret, Now), VersoWebhookFailure.SignatureMismatch, "x-verso-signature");
    }

    [Fact]
    public void A_wrong_secret_the_secret_without_whsec_or_read_as_base64_does_not_verify()
    {
        var b64 = Secret["whsec_".Length..].Replace('-', '+').Replace('_', '/');
        var base64Key = Encoding.Latin1.GetString(Convert.FromBase64String(b64.PadRight(b64.Length + (4 - b64.Length % 4) % 4, '=')));
        foreach (var wrong in new[] { "whsec_not-the-secret-at-all", Secret["whsec_".Length..], base64Key })
        {
            Refused(() => VersoWebhook.Verify(Body, Sign(), wrong, Now), VersoWebhookFailure.SignatureMismatch, "x-verso-signature");
        }
    }

    [Fact]
    public void A_Standard_signature_that_does_not_cover_this_id_and_time_does_not_verify()
    {
        var headers = Sign();
        Refused(() => VersoWebhook.Verify(Body, headers.With("webhook-timestamp", (Timestamp + 1).ToString()), Secret, Now),
            VersoWebhookFailure.SignatureMismatch, "webhook-signature");
        const string other = "01a215cd-0000-7000-8000-000000000000";
        Refused(() => VersoWebhook.Verify(Body, headers.With("webhook-id", other).With("X-Verso-Event-Id", other), Secret, Now),
            VersoWebhookFailure.SignatureMismatch, "webhook-signature");
        Refused(() => VersoWebhook.Verify(Body, headers.With("webhook-signature", "v1," + StandardMac("whsec_another-secret", EventId, Timestamp, Body)), Secret, Now),
            VersoWebhookFailure.SignatureMismatch, "webhook-signature");
    }

    [Fact]
    public void An_event_id_other_than_the_signed_webhook_id_is_refused()
    {
        Refused(() => VersoWebhook.Verify(Body, Sign().With("X-Verso-Event-Id", "another-id"), Secret, Now), VersoWebhookFailure.EventIdMismatch, "x-verso-event-id");
    }

    [Fact]
    public void A_delivery_relabelled_with_another_type_is_refused_because_the_body_names_its_type()
    {
        var published = Typed("{\"contentItemId\":\"01a215cd-78f5-7374-a8bb-fb5f5204d6fd\"}", VersoWebhookEventTypes.ContentVersionPublished);
        var relabelled = Sign(published, type: VersoWebhookEventTypes.ContentVersionPublished).With("X-Verso-Event", VersoWebhookEventTypes.ContentDeleted);
        var e = Refused(() => VersoWebhook.Verify(published, relabelled, Secret, Now), VersoWebhookFailure.HeaderMismatch, "x-verso-event");
        Assert.Equal("header_mismatch", e.ReasonCode);
        Assert.Equal("The x-verso-event header differs from the event type in the signed body.", e.Message);
        // A sender that signed a body of one type and labelled it another is refused the same way.
        Refused(() => VersoWebhook.Verify(published, Sign(published, type: VersoWebhookEventTypes.ContentDeleted), Secret, Now), VersoWebhookFailure.HeaderMismatch, "x-verso-event");
    }

    [Fact]
    public void Event_ids_in_the_headers_other_than_the_body_id_are_refused()
    {
        const string other = "01a215cd-0000-7000-8000-000000000000";
        var headers = Sign(id: other); // both headers agree with each other and are signed, but the body names EventId
        Refused(() => VersoWebhook.Verify(Body, headers, Secret, Now), VersoWebhookFailure.HeaderMismatch, "webhook-id");
        var versoOnly = headers.Without("webhook-id", "webhook-timestamp", "webhook-signature");
        Refused(() => VersoWebhook.Verify(Body, versoOnly, Secret, At(SignedAt, requireStandard: false)), VersoWebhookFailure.HeaderMismatch, "x-verso-event-id");
    }

    [Fact]
    public void A_verified_body_without_its_event_type_and_id_is_refused()
    {
        const string data = "\"contentItemId\":\"01a215cd-78f5-7374-a8bb-fb5f5204d6fd\",\"workspaceId\":\"f8fffc51-9c39-4644-bead-3750824317ee\"";
        foreach (var json in new[]
        {
            "{" + data + "}",
            "{\"type\":\"content.created\"," + data + "}",
            "{\"id\":\"" + EventId + "\"," + data + "}",
            "{\"type\":7,\"id\":\"" + EventId + "\"," + data + "}",
            "{\"type\":\"\",\"id\":\"" + EventId + "\"," + data + "}",
        })
        {
            var body = Encoding.UTF8.GetBytes(json);
            var e = Refused(() => VersoWebhook.Verify(body, Sign(body), Secret, Now), VersoWebhookFailure.UntypedPayload);
            Assert.Equal("untyped_payload", e.ReasonCode);
            Assert.Null(e.Header);
        }
    }

    [Fact]
    public void A_signed_body_that_is_not_a_UTF8_JSON_object_is_refused()
    {
        byte[] notJson = Encoding.UTF8.GetBytes("not json"), invalidUtf8 = [0x22, 0xff, 0x22], trailing = Encoding.UTF8.GetBytes("{} {}");
        foreach (var body in new[] { notJson, invalidUtf8, trailing, Encoding.UTF8.GetBytes("[]"), Encoding.UTF8.GetBytes("null"), Encoding.UTF8.GetBytes("\"content.created\"") })
        {
            Refused(() => VersoWebhook.Verify(body, Sign(body), Secret, Now), VersoWebhookFailure.InvalidPayload);
        }
    }

    [Fact]
    public void The_timestamp_may_lie_up_to_five_minutes_either_way()
    {
        Assert.Equal(EventId, VersoWebhook.Verify(Body, Sign(), Secret, At(SignedAt.AddSeconds(300))).Id);
        Assert.Equal(EventId, VersoWebhook.Verify(Body, Sign(), Secret, At(SignedAt.AddSeconds(-300))).Id);
        var old = Refused(() => VersoWebhook.Verify(Body, Sign(), Secret, At(SignedAt.AddSeconds(301))), VersoWebhookFailure.TimestampTooOld, "webhook-timestamp");
        Assert.Equal("timestamp_too_old", old.ReasonCode);
        Assert.Contains("301 s old", old.Message);
        Refused(() => VersoWebhook.Verify(Body, Sign(), Secret, At(SignedAt.AddSeconds(-301))), VersoWebhookFailure.TimestampInFuture, "webhook-timestamp");
        // A stale forgery is a signature failure: the clock is only consulted for authentic deliveries.
        Refused(() => VersoWebhook.Verify(Body, Sign(), "whsec_wrong-secret-xx", At(SignedAt.AddHours(1))), VersoWebhookFailure.SignatureMismatch);
    }

    [Fact]
    public void The_tolerance_is_configurable_and_the_system_clock_is_the_default()
    {
        Refused(() => VersoWebhook.Verify(Body, Sign(), Secret, At(SignedAt.AddSeconds(61), TimeSpan.FromMinutes(1))), VersoWebhookFailure.TimestampTooOld);
        Assert.Equal(EventId, VersoWebhook.Verify(Body, Sign(), Secret, At(SignedAt.AddHours(1), TimeSpan.FromHours(1))).Id);
        var far = Sign(timestamp: 4_000_000_000); // 2096: in the future by the real clock
        Refused(() => VersoWebhook.Verify(Body, far, Secret), VersoWebhookFailure.TimestampInFuture);
        Assert.Throws<ArgumentOutOfRangeException>(() => VersoWebhook.Verify(Body, Sign(), Secret, At(SignedAt, TimeSpan.FromSeconds(-1))));
    }

    [Theory]
    [InlineData("x-verso-signature")]
    [InlineData("x-verso-event")]
    [InlineData("webhook-id")]
    [InlineData("webhook-timestamp")]
    [InlineData("webhook-signature")]
    public void A_delivery_without_a_required_header_or_with_it_empty_is_refused(string name)
    {
        Refused(() => VersoWebhook.Verify(Body, Sign().Without(name), Secret, Now), VersoWebhookFailure.MissingHeader, name);
        var empty = Refused(() => VersoWebhook.Verify(Body, Sign().With(name, ""), Secret, Now), VersoWebhookFailure.MissingHeader, name);
        Assert.Equal("missing_header", empty.ReasonCode);
    }

    [Fact]
    public void The_event_id_comes_from_webhook_id_when_X_Verso_Event_Id_is_absent()
    {
        Assert.Equal(EventId, VersoWebhook.Verify(Body, Sign().Without("X-Verso-Event-Id"), Secret, Now).Id);
        var versoOnly = Sign().Without("webhook-id", "webhook-timestamp", "webhook-signature", "X-Verso-Event-Id");
        Refused(() => VersoWebhook.Verify(Body, versoOnly, Secret, At(SignedAt, requireStandard: false)), VersoWebhookFailure.MissingHeader, "x-verso-event-id");
    }

    [Fact]
    public void Headers_not_in_the_form_the_server_sends_are_refused()
    {
        var sent = Sign();
        var hex = sent["X-Verso-Signature"]["sha256=".Length..];
        var v1 = sent["webhook-signature"];
        var cases = new (string Name, string Value, string Reported)[]
        {
            ("X-Verso-Signature", hex, "x-verso-signature"),
            ("X-Verso-Signature", "sha1=" + hex[..40], "x-verso-signature"),
            ("X-Verso-Signature", "sha256=" + hex[1..], "x-verso-signature"),
            ("X-Verso-Signature", $"sha256={hex}, sha256={hex}", "x-verso-signature"),
            ("webhook-timestamp", Timestamp + ".5", "webhook-timestamp"),
            ("webhook-timestamp", "yesterday", "webhook-timestamp"),
            ("webhook-signature", v1[3..], "webhook-signature"),
            ("webhook-signature", "v2," + v1[3..], "webhook-signature"),
            ("webhook-signature", "v1,not-base64!", "webhook-signature"),
        };
        foreach (var (name, value, reported) in cases)
        {
            Refused(() => VersoWebhook.Verify(Body, sent.With(name, value), Secret, Now), VersoWebhookFailure.MalformedHeader, reported);
        }
    }

    [Fact]
    public void Upper_case_hex_in_X_Verso_Signature_is_accepted()
    {
        var sent = Sign();
        Assert.Equal(EventId, VersoWebhook.Verify(Body, sent.With("X-Verso-Signature", sent["X-Verso-Signature"].ToUpperInvariant().Replace("SHA256=", "sha256=")), Secret, Now).Id);
    }

    [Fact]
    public void A_header_given_twice_is_refused_rather_than_picked_from()
    {
        var sent = Sign();
        var twice = new List<KeyValuePair<string, string>>(sent) { new("x-verso-signature", sent["X-Verso-Signature"]) };
        Refused(() => VersoWebhook.Verify(Body, twice, Secret, Now), VersoWebhookFailure.MalformedHeader, "x-verso-signature");
        var values = sent.ToDictionary(h => h.Key, h => new FakeStringValues(h.Value));
        values["webhook-id"] = new FakeStringValues(EventId, EventId);
        Refused(() => VersoWebhook.Verify(Body, values, Secret, Now), VersoWebhookFailure.MalformedHeader, "webhook-id");
    }

    [Fact]
    public void Any_matching_v1_entry_among_several_verifies_and_other_versions_are_skipped()
    {
        var sent = Sign();
        var good = sent["webhook-signature"];
        var forged = "v1," + StandardMac("whsec_old-secret-of-the-endpoint", EventId, Timestamp, Body);
        foreach (var value in new[] { $"{forged} {good}", $"{good} {forged}", $"v1a,c29tZS1hc3ltbWV0cmljLXNpZ25hdHVyZQ== {good}", $"  {good}  " })
        {
            Assert.Equal(EventId, VersoWebhook.Verify(Body, sent.With("webhook-signature", value), Secret, Now).Id);
        }
        Refused(() => VersoWebhook.Verify(Body, sent.With("webhook-signature", $"{forged} {forged}"), Secret, Now), VersoWebhookFailure.SignatureMismatch, "webhook-signature");
    }

    [Fact]
    public void Several_secrets_while_rotating_any_one_that_signed_both_signatures_verifies()
    {
        Assert.Equal(EventId, VersoWebhook.Verify(Body, Sign(), ["whsec_the-old-secret-1234", Secret], Now).Id);
        Assert.Equal(EventId, VersoWebhook.Verify(Body, Sign(), new List<string> { Secret, "whsec_the-new-secret-1234" }, Now).Id);
        Refused(() => VersoWebhook.Verify(Body, Sign(), ["whsec_the-old-secret-1234", "whsec_the-new-secret-1234"], Now), VersoWebhookFailure.SignatureMismatch);
    }

    [Fact]
    public void Without_RequireStandardSignature_X_Verso_Signature_alone_verifies_and_any_Standard_header_present_is_still_checked()
    {
        var versoOnly = Sign().Without("webhook-id", "webhook-timestamp", "webhook-signature");
        Refused(() => VersoWebhook.Verify(Body, versoOnly, Secret, Now), VersoWebhookFailure.MissingHeader, "webhook-id");
        var e = VersoWebhook.Verify(Body, versoOnly, Secret, At(SignedAt.AddYears(1), requireStandard: false));
        Assert.Equal(EventId, e.Id);
        Assert.Null(e.Timestamp);

        var lenient = At(SignedAt.AddHours(1), requireStandard: false);
        Refused(() => VersoWebhook.Verify(Body, Sign(), Secret, lenient), VersoWebhookFailure.TimestampTooOld);
        Refused(() => VersoWebhook.Verify(Body, Sign().Without("webhook-timestamp"), Secret, lenient), VersoWebhookFailure.MissingHeader, "webhook-timestamp");
        Refused(() => VersoWebhook.Verify(Body, Sign().Without("webhook-signature"), Secret, lenient), VersoWebhookFailure.MissingHeader, "webhook-signature");
    }

    [Fact]
    public void Wrong_arguments_are_argument_exceptions_not_refused_deliveries()
    {
        Assert.Throws<ArgumentException>(() => VersoWebhook.Verify(Body, Sign(), "", Now));
        Assert.Throws<ArgumentException>(() => VersoWebhook.Verify(Body, Sign(), Array.Empty<string>(), Now));
        Assert.Throws<ArgumentNullException>(() => VersoWebhook.Verify(Body, (Dictionary<string, string>)null!, Secret, Now));
    }
}
