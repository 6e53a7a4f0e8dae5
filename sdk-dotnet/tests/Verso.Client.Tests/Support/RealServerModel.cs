using Verso.Client.Generated;

namespace Verso.Client.Tests.Support;

/// <summary>
/// The model and content the real-server tests write through the SDK itself: a template version built field by field
/// under its ETag and published, and an item taken through the whole workflow (submit, approve, publish).
/// </summary>
public static class RealServerModel
{
    /// <summary>Creates template <paramref name="slug"/> with <paramref name="fields"/> (in order) and publishes version 1; the fields' ids by key.</summary>
    public static async Task<(Guid Template, Guid Version, Dictionary<string, Guid> Fields)> PublishedTemplateAsync(
        VersoClient verso, Guid ws, string name, string slug, TemplateFieldRequest[] fields, CancellationToken ct)
    {
        var template = await verso.Api.CreateTemplateAsync(ws, new CreateTemplateRequest { Name = name, Slug = slug }, ct);
        var versionUrl = new Uri(verso.BaseUrl, $"api/v1/workspaces/{ws}/templates/{template.Id}/versions/1");
        async Task<string?> Tag()
        {
            await verso.Api.GetTemplateVersionAsync(ws, template.Id, 1, ct);
            return verso.ETags.Get(versionUrl);
        }
        var ids = new Dictionary<string, Guid>();
        for (var i = 0; i < fields.Length; i++)
        {
            fields[i].Order = i;
            ids[fields[i].Key] = (await verso.Api.CreateTemplateFieldAsync(ws, template.Id, 1, fields[i], await Tag(), ct)).Id;
        }
        var published = await verso.Api.PublishTemplateVersionAsync(ws, template.Id, 1, await Tag(), ct);
        return (template.Id, published.Id, ids);
    }

    /// <summary>Creates an item of <paramref name="templateVersion"/> with <paramref name="values"/> and publishes its version 1 through the workflow.</summary>
    public static async Task<Guid> PublishedContentAsync(VersoClient verso, Guid ws, Guid templateVersion, string slug, ContentFieldValueRequest[] values, CancellationToken ct)
    {
        var item = await verso.Api.CreateContentAsync(ws, new CreateContentItemRequest
        {
            TemplateVersionId = templateVersion, Slug = slug, LocaleCode = "en", Tags = [], Fields = [.. values],
        }, ct);
        await verso.Api.SubmitContentVersionAsync(ws, item.Id, 1, ct);
        await verso.Api.ApproveContentVersionAsync(ws, item.Id, 1, ct);
        await verso.Api.PublishContentVersionAsync(ws, item.Id, 1, new PublishContentVersionRequest(), ct);
        return item.Id;
    }
}
