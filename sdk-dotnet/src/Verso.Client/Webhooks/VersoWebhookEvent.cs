using System.Text.Json;

namespace Verso.Client.Webhooks;

/// <summary>
/// A verified delivery. <see cref="Id"/> is the event id, the same on every attempt of the event: deduplicate by it
/// (delivery is at least once). <see cref="Payload"/> is the body as sent (no envelope); <see cref="PayloadAs{T}"/>
/// reads it as one of the payload records below. <see cref="Timestamp"/> is the attempt's signed webhook-timestamp,
/// when the delivery carried the Standard Webhooks headers. The type comes from X-Verso-Event; it is not checked
/// against <see cref="VersoWebhookEventTypes"/>, since a server newer than this SDK may send a type it does not know.
/// </summary>
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
    public const string ContentCreated = "content.created";
    public const string ContentUpdated = "content.updated";
    public const string ContentDeleted = "content.deleted";
    public const string ContentVersionCreated = "content.version_created";
    public const string ContentVersionUpdated = "content.version_updated";
    public const string ContentVersionDeleted = "content.version_deleted";
    public const string ContentVersionStatusChanged = "content.version_status_changed";
    public const string ContentVersionPublished = "content.version_published";
    public const string ContentVersionTemplateUpgraded = "content.version_template_upgraded";
    public const string TemplateVersionPublished = "template.version_published";
    public const string WorkspaceUpdated = "workspace.updated";

    /// <summary>True for the <c>content.*</c> types, whose payload is <see cref="VersoContentEventPayload"/>.</summary>
    public static bool IsContentEvent(string type) => type.StartsWith("content.", StringComparison.Ordinal);
}

/// <summary>The body of every <c>content.*</c> event; the version members are null for item events.</summary>
public sealed record VersoContentEventPayload(
    Guid ContentItemId,
    Guid WorkspaceId,
    Guid TemplateVersionId,
    Guid? ContentVersionId,
    int? VersionNumber,
    string? Status);

/// <summary>The body of <c>template.version_published</c>.</summary>
public sealed record VersoTemplateVersionPublishedPayload(Guid TemplateId, Guid TemplateVersionId, int VersionNumber, Guid WorkspaceId);

/// <summary>The body of <c>workspace.updated</c>.</summary>
public sealed record VersoWorkspaceUpdatedPayload(Guid WorkspaceId, string Name, string Slug);
