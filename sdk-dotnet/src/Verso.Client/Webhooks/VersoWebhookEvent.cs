using System.Text.Json;

namespace Verso.Client.Webhooks;

/// <summary>
/// A verified delivery. <see cref="Id"/> is the event id, the same on every attempt of the event: deduplicate by it
/// (delivery is at least once). <see cref="Payload"/> is the body as sent (no envelope); <see cref="PayloadAs{T}"/>
/// reads it as one of the payload records below. <see cref="Timestamp"/> is the attempt's signed webhook-timestamp,
/// when the delivery carried the Standard Webhooks headers. <see cref="Type"/> and <see cref="Id"/> are the signed
/// body's own <c>type</c> and <c>id</c> (the unsigned X-Verso-Event headers had to agree with them). The type is not
/// checked against <see cref="VersoWebhookEventTypes"/>, since a server newer than this SDK may send a type it does
/// not know.
/// </summary>
/// <param name="Id">The event id from the signed body (X-Verso-Event-Id and webhook-id repeat it): the same on every retry.</param>
/// <param name="Type">The event type from the signed body (X-Verso-Event repeats it), for example <c>content.version_published</c>.</param>
/// <param name="Payload">The JSON body exactly as delivered.</param>
/// <param name="Timestamp">The signed webhook-timestamp of this attempt, or null without Standard Webhooks headers.</param>
public sealed record VersoWebhookEvent(string Id, string Type, JsonElement Payload, DateTimeOffset? Timestamp)
{
    private static readonly JsonSerializerOptions Web = new(JsonSerializerDefaults.Web);

    /// <summary>The payload as <typeparamref name="T"/> (camelCase names, as the server writes them).</summary>
    public T PayloadAs<T>() => Payload.Deserialize<T>(Web)
        ?? throw new JsonException($"The {Type} payload is null.");
}

/// <summary>The event types a Verso server sends (the contract's WebhookEventType).</summary>
public static class VersoWebhookEventTypes
{
    /// <summary>A content item was created (its first version with it).</summary>
    public const string ContentCreated = "content.created";
    /// <summary>A content item's own data (slug, parent) changed.</summary>
    public const string ContentUpdated = "content.updated";
    /// <summary>A content item was deleted.</summary>
    public const string ContentDeleted = "content.deleted";
    /// <summary>A new version of a content item was created.</summary>
    public const string ContentVersionCreated = "content.version_created";
    /// <summary>A draft version's fields changed.</summary>
    public const string ContentVersionUpdated = "content.version_updated";
    /// <summary>A version of a content item was deleted.</summary>
    public const string ContentVersionDeleted = "content.version_deleted";
    /// <summary>A version moved through the workflow (submitted, approved, rejected, archived, …).</summary>
    public const string ContentVersionStatusChanged = "content.version_status_changed";
    /// <summary>A version was published: what sites show for the item changed.</summary>
    public const string ContentVersionPublished = "content.version_published";
    /// <summary>A version was moved to a newer version of its template.</summary>
    public const string ContentVersionTemplateUpgraded = "content.version_template_upgraded";
    /// <summary>A template version was published.</summary>
    public const string TemplateVersionPublished = "template.version_published";
    /// <summary>A workspace's name or slug changed.</summary>
    public const string WorkspaceUpdated = "workspace.updated";
    /// <summary>A release was published: its entries went live together (each also sends its own <c>content.*</c>
    /// events); the payload is <see cref="VersoReleasePublishedPayload"/>.</summary>
    public const string ReleasePublished = "release.published";

    /// <summary>True for the <c>content.*</c> types, whose payload is <see cref="VersoContentEventPayload"/>.</summary>
    public static bool IsContentEvent(string type) => type.StartsWith("content.", StringComparison.Ordinal);
}

/// <summary>The body of every <c>content.*</c> event; the version members are null for item events. The body's
/// <c>type</c> and <c>id</c> are <see cref="VersoWebhookEvent.Type"/> and <see cref="VersoWebhookEvent.Id"/>.</summary>
public sealed record VersoContentEventPayload(
    Guid ContentItemId,
    Guid WorkspaceId,
    Guid TemplateVersionId,
    Guid? ContentVersionId,
    int? VersionNumber,
    string? Status)
{
    /// <summary>The item's locale when the event was written (null without one, and on events from before locales).</summary>
    public string? LocaleCode { get; init; }

    /// <summary>The item's translation group when the event was written (null without one, and on events from before
    /// locales). A read in any locale may fall back to, list or share fields of any member of the group.</summary>
    public Guid? TranslationGroupId { get; init; }

    /// <summary>What a CDN in front of the delivery reads must purge: <c>list-&lt;workspaceId&gt;</c>, <c>item-&lt;id&gt;</c>
    /// of this item, of every member of its translation group and of every item embedding one, or
    /// <c>ws-&lt;workspaceId&gt;</c> when there are too many to name. Null on events from before purge keys.</summary>
    public IReadOnlyList<string>? PurgeKeys { get; init; }
}

/// <summary>The body of <c>template.version_published</c>.</summary>
public sealed record VersoTemplateVersionPublishedPayload(Guid TemplateId, Guid TemplateVersionId, int VersionNumber, Guid WorkspaceId);

/// <summary>The body of <c>workspace.updated</c>.</summary>
public sealed record VersoWorkspaceUpdatedPayload(Guid WorkspaceId, string Name, string Slug);

/// <summary>The body of <c>release.published</c>: written in the release's transaction, next to each entry's own
/// <c>content.*</c> events.</summary>
/// <param name="WorkspaceId">The release's workspace.</param>
/// <param name="ReleaseId">The release.</param>
/// <param name="Name">The release's name.</param>
/// <param name="Entries">What went live: each item's version, published or archived.</param>
/// <param name="PurgeKeys">The union of the purge keys of every entry's events (see
/// <see cref="VersoContentEventPayload.PurgeKeys"/>), so a CDN is purged once for the whole release.</param>
public sealed record VersoReleasePublishedPayload(Guid WorkspaceId, Guid ReleaseId, string Name, IReadOnlyList<VersoReleasePublishedEntry> Entries, IReadOnlyList<string> PurgeKeys);

/// <summary>One entry of a published release.</summary>
/// <param name="ItemId">The content item.</param>
/// <param name="VersionNumber">Its version the release published or archived.</param>
/// <param name="Action"><c>publish</c> or <c>archive</c>.</param>
public sealed record VersoReleasePublishedEntry(Guid ItemId, int VersionNumber, string Action);
