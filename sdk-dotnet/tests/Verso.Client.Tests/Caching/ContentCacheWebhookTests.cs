using System.Text;
using System.Text.Json;
using Microsoft.Extensions.Time.Testing;
using Verso.Client.Caching;
using Verso.Client.Tests.Support;
using Verso.Client.Tests.Webhooks;
using Verso.Client.Webhooks;
using static Verso.Client.Tests.Caching.CacheHarness;

namespace Verso.Client.Tests.Caching;

/// <summary>The verifier's clock at <see cref="WebhookSigner.Timestamp"/>, for deliveries signed by the test signer.</summary>
internal static class WebhookTimes
{
    public static VersoWebhookOptions AtSigning { get; } =
        new() { TimeProvider = new FakeTimeProvider(DateTimeOffset.FromUnixTimeSeconds(WebhookSigner.Timestamp).AddSeconds(1)) };
}

/// <summary>
/// InvalidateFromWebhookAsync on deliveries the real server sent (the captured fixture both SDKs verify, checked at
/// the time each arrived) and on deliveries signed the server's way by the independent test signer: a verified event
/// invalidates exactly what it names; a delivery that fails verification throws the verifier's exception and leaves
/// every entry in place.
/// </summary>
public class ContentCacheWebhookTests
{
    public static TheoryData<Backend> Backends => new() { Backend.Memory, Backend.Distributed };

    private sealed record Captured(string Label, string Secret, string? PreviousSecret, long ReceivedAtMs, string[][] Headers, string BodyBase64)
    {
        public byte[] Body => Convert.FromBase64String(BodyBase64);

        public List<KeyValuePair<string, string>> HeaderPairs => Headers.Select(h => new KeyValuePair<string, string>(h[0], h[1])).ToList();

        public VersoWebhookOptions At(TimeSpan offset = default) =>
            new() { TimeProvider = new FakeTimeProvider(DateTimeOffset.FromUnixTimeMilliseconds(ReceivedAtMs) + offset) };

        public JsonElement Payload => JsonDocument.Parse(Body).RootElement;

        public Guid Workspace => Payload.GetProperty("workspaceId").GetGuid();

        public Guid Item => Payload.GetProperty("contentItemId").GetGuid();
    }

    private sealed record Fixture(Captured[] Deliveries);

    private static readonly Captured[] Deliveries = JsonSerializer.Deserialize<Fixture>(
        File.ReadAllText(Path.Combine(SdkPaths.SdkRoot, "..", "test", "fixtures", "webhook-deliveries", "deliveries.json")),
        new JsonSerializerOptions(JsonSerializerDefaults.Web))!.Deliveries;

    /// <summary>A cache primed with the captured event's item (slug "named", by id, version 1), another item of the
    /// same workspace ("other", the rotation delivery's item) and the workspace's list: 5 API calls.</summary>
    private static async Task<(CacheHarness H, Func<Task> ReadAll)> PrimedAsync(Backend backend, Captured named)
    {
        var h = CacheHarness.Create(backend, api: new ContentApi(named.Workspace));
        var ws = named.Workspace;
        h.Api.Add("named", named.Item);
        var other = h.Api.Add("other", Deliveries[3].Item);
        Assert.NotEqual(named.Item, other);
        async Task ReadAll()
        {
            await h.Cache.GetContentBySlugAsync(ws, "named");
            await h.Cache.GetContentAsync(ws, named.Item);
            await h.Cache.GetContentBySlugAsync(ws, "other");
            await h.Cache.GetContentAsync(ws, other);
            await h.Cache.ListContentAsync(ws);
        }
        await ReadAll();
        Assert.Equal(5, h.Api.Count);
        return (h, ReadAll);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task A_captured_content_event_invalidates_its_items_entries_and_the_lists_only(Backend backend)
    {
        var delivery = Deliveries[2]; // content.version_published, delivered after an operator retry
        var (h, readAll) = await PrimedAsync(backend, delivery);
        using var _ = h;
        h.Api.Publish(delivery.Item);

        var result = await h.Cache.InvalidateFromWebhookAsync(delivery.Body, delivery.HeaderPairs, delivery.Secret, delivery.At());
        Assert.Equal(VersoWebhookEventTypes.ContentVersionPublished, result.Event.Type);
        Assert.Equal((VersoContentCacheInvalidationScope.ContentItem, delivery.Workspace, delivery.Item), (result.Scope, result.WorkspaceId!.Value, result.ContentItemId!.Value));
        await readAll();
        Assert.Equal([2, 2, 1, 1, 2],
            new[] { "content/by-slug/named", $"content/{delivery.Item}", "content/by-slug/other", $"content/{Deliveries[3].Item}", "content" }
                .Select(p => h.Api.Exactly(p)));
        Assert.Equal("named v2", Title(await h.Cache.GetContentBySlugAsync(delivery.Workspace, "named")));
        Assert.Equal(8, h.Api.Count);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task A_captured_delivery_is_accepted_with_its_headers_in_every_shape_and_with_both_secrets_during_a_rotation(Backend backend)
    {
        var delivery = Deliveries[3]; // content.created after the secret was rotated
        var (h, _) = await PrimedAsync(backend, Deliveries[0]);
        using var __ = h;
        var lists = delivery.Headers.ToDictionary(x => x[0], x => new[] { x[1] });
        Assert.Equal(delivery.Item, (await h.Cache.InvalidateFromWebhookAsync(delivery.Body, lists, [delivery.PreviousSecret!, delivery.Secret], delivery.At()))
            .Event.PayloadAs<VersoContentEventPayload>().ContentItemId);
        await h.Cache.GetContentAsync(delivery.Workspace, delivery.Item);
        Assert.Equal(2, h.Api.Exactly($"content/{delivery.Item}"));

        string? Lookup(string name) => delivery.Headers.SingleOrDefault(x => string.Equals(x[0], name, StringComparison.OrdinalIgnoreCase))?[1];
        await h.Cache.InvalidateFromWebhookAsync(delivery.Body, Lookup, delivery.Secret, delivery.At());
        await h.Cache.GetContentAsync(delivery.Workspace, delivery.Item);
        Assert.Equal(3, h.Api.Exactly($"content/{delivery.Item}"));
    }

    public static TheoryData<Backend, string> Refusals()
    {
        var data = new TheoryData<Backend, string>();
        foreach (var backend in new[] { Backend.Memory, Backend.Distributed })
        {
            foreach (var why in new[] { "previous secret", "tampered body", "replayed late", "no signature", "relabelled type" }) data.Add(backend, why);
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(Refusals))]
    public async Task A_delivery_that_fails_verification_throws_and_invalidates_nothing(Backend backend, string why)
    {
        var delivery = Deliveries[3];
        var (h, readAll) = await PrimedAsync(backend, Deliveries[0]);
        using var _ = h;
        var body = delivery.Body;
        var headers = delivery.HeaderPairs;
        var secret = delivery.Secret;
        var at = delivery.At();
        VersoWebhookFailure expected;
        switch (why)
        {
            case "previous secret": secret = delivery.PreviousSecret!; expected = VersoWebhookFailure.SignatureMismatch; break;
            case "tampered body": body[^2] ^= 1; expected = VersoWebhookFailure.SignatureMismatch; break;
            case "replayed late": at = delivery.At(TimeSpan.FromMinutes(6)); expected = VersoWebhookFailure.TimestampTooOld; break;
            case "no signature": headers = headers.Where(x => !x.Key.Equals("x-verso-signature", StringComparison.OrdinalIgnoreCase)).ToList(); expected = VersoWebhookFailure.MissingHeader; break;
            default:
                // The type is the signed body's: a content.created relabelled workspace.updated (which would
                // invalidate the whole workspace) is refused, not obeyed.
                headers = headers.Select(x => x.Key.Equals("x-verso-event", StringComparison.OrdinalIgnoreCase) ? new KeyValuePair<string, string>(x.Key, VersoWebhookEventTypes.WorkspaceUpdated) : x).ToList();
                expected = VersoWebhookFailure.HeaderMismatch;
                break;
        }
        var e = await Assert.ThrowsAsync<VersoWebhookException>(() => h.Cache.InvalidateFromWebhookAsync(body, headers, secret, at));
        Assert.Equal(expected, e.Failure);
        await readAll();
        Assert.Equal(5, h.Api.Count);
    }

    public static TheoryData<Backend, string> WorkspaceEvents()
    {
        var data = new TheoryData<Backend, string>();
        foreach (var backend in new[] { Backend.Memory, Backend.Distributed })
        {
            data.Add(backend, VersoWebhookEventTypes.TemplateVersionPublished);
            data.Add(backend, VersoWebhookEventTypes.WorkspaceUpdated);
            data.Add(backend, "media.uploaded"); // a type newer than this SDK: the whole workspace, to be safe
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(WorkspaceEvents))]
    public async Task Template_workspace_and_unknown_events_invalidate_the_whole_workspace_they_name(Backend backend, string type)
    {
        var (h, readAll) = await PrimedAsync(backend, Deliveries[0]);
        using var _ = h;
        var ws = h.Api.Workspace;
        var payload = type == VersoWebhookEventTypes.WorkspaceUpdated
            ? $$"""{"workspaceId":"{{ws}}","name":"Site","slug":"site"}"""
            : $$"""{"templateId":"{{Guid.NewGuid()}}","templateVersionId":"{{Guid.NewGuid()}}","versionNumber":2,"workspaceId":"{{ws}}"}""";
        var body = WebhookSigner.Typed(payload, type);

        // First for another workspace: nothing here moves.
        var elsewhere = WebhookSigner.Typed(payload.Replace(ws.ToString(), Guid.NewGuid().ToString(), StringComparison.Ordinal), type);
        await h.Cache.InvalidateFromWebhookAsync(elsewhere, WebhookSigner.Sign(elsewhere, type: type), WebhookSigner.Secret, WebhookTimes.AtSigning);
        await readAll();
        Assert.Equal(5, h.Api.Count);

        var result = await h.Cache.InvalidateFromWebhookAsync(body, WebhookSigner.Sign(body, type: type), WebhookSigner.Secret, WebhookTimes.AtSigning);
        Assert.Equal(type, result.Event.Type);
        Assert.Equal((VersoContentCacheInvalidationScope.Workspace, (Guid?)ws, (Guid?)null), (result.Scope, result.WorkspaceId, result.ContentItemId));
        await readAll();
        Assert.Equal(10, h.Api.Count);
    }

    [Theory]
    [MemberData(nameof(Backends))]
    public async Task An_event_naming_no_workspace_invalidates_nothing(Backend backend)
    {
        var (h, readAll) = await PrimedAsync(backend, Deliveries[0]);
        using var _ = h;
        var body = WebhookSigner.Typed("""{"note":"no workspace here"}""");
        var result = await h.Cache.InvalidateFromWebhookAsync(body, WebhookSigner.Sign(body, type: "content.created"), WebhookSigner.Secret, WebhookTimes.AtSigning);
        Assert.Equal(VersoContentCacheInvalidationScope.None, result.Scope);
        await readAll();
        Assert.Equal(5, h.Api.Count);
    }
}
