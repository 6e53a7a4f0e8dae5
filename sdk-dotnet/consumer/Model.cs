using Verso.Client;
using Verso.Client.Generated;

namespace Verso.Consumer;

/// <summary>Setting up a content model: a template's draft version gets its fields, then is published. Changes to a
/// draft are guarded by its ETag, which the client tracks from the read just before.</summary>
public static class Model
{
    public static TemplateFieldRequest Field(string key, PrimitiveType type, bool required = false) => new()
    {
        Key = key, Label = key, CompositionMode = CompositionMode.Inline, PrimitiveType = type,
        IsRequired = required, MinOccurrences = required ? 1 : 0, MaxOccurrences = 1,
    };

    public static async Task<(Guid Version, Dictionary<string, Guid> Fields)> PublishedTemplateAsync(
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
        return (published.Id, ids);
    }
}
