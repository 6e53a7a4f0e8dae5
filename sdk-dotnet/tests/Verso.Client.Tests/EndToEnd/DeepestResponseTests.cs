using System.Text.Json;
using Verso.Client.Errors;
using Verso.Client.Generated;
using static Verso.Client.Tests.Support.E2eEnvironment;

namespace Verso.Client.Tests.EndToEnd;

/// <summary>
/// The deepest response the API can produce, read through the generated client with its default System.Text.Json
/// settings (MaxDepth 64), against the real API that sdk-dotnet/test.sh starts: a chain of 8 levels of children, each
/// referenced from its parent's ChildContent field, the leaf holding a jsonValue at the server's depth limit, read by
/// slug with expandChildren (issue #12 §5).
/// </summary>
/// <remarks>
/// server/src/services/content/json-value-limits.ts derives the numbers: a detail is 3 + 3 × 8 + d levels deep, the
/// publish response one more, so d = 32 gives 59 and 60 — within 64 without raising the client's MaxDepth.
/// </remarks>
public sealed class DeepestResponseTests
{
    private const int ExpansionDepth = 8;   // MAX_EXPANSION_DEPTH in server/src/services/delivery/content-expansion.ts
    private const int JsonValueDepth = 32;  // MAX_JSON_VALUE_DEPTH in server/src/services/content/json-value-limits.ts
    private static readonly string Suffix = Guid.NewGuid().ToString("N")[..8];

    /// <summary>JSON text exactly <paramref name="depth"/> levels deep: objects and arrays alternating, scalars of every kind on the way.</summary>
    private static string Nested(int depth)
    {
        var json = "\"bottom 🌊\"";
        for (var d = 1; d <= depth; d++)
        {
            json = d % 2 == 0 ? $"[{d},{json},null,1.5,false]" : $"{{\"level\":{d},\"inner\":{json},\"note\":\"é\"}}";
        }
        return json;
    }

    /// <summary>Nesting depth as System.Text.Json counts it: a scalar is 0, <c>{}</c> and <c>[]</c> are 1.</summary>
    private static int DepthOf(JsonElement e) => e.ValueKind switch
    {
        JsonValueKind.Object => 1 + e.EnumerateObject().Select(p => DepthOf(p.Value)).DefaultIfEmpty(0).Max(),
        JsonValueKind.Array => 1 + e.EnumerateArray().Select(DepthOf).DefaultIfEmpty(0).Max(),
        _ => 0,
    };

    private static JsonElement Parse(string json)
    {
        using var document = JsonDocument.Parse(json);
        return document.RootElement.Clone();
    }

    [Fact]
    public async Task By_slug_with_8_levels_of_children_and_the_deepest_json_value_at_the_leaf_reads_back_exactly()
    {
        using var cts = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        var ct = cts.Token;
        string? sessionToken = null;
        using var verso = new VersoClientBuilder(Required("VERSO_E2E_BASE_URL")).WithTokenProvider(_ => ValueTask.FromResult(sessionToken)).Build();
        sessionToken = (await verso.Api.LoginAsync(new LoginRequest { Email = Required("VERSO_E2E_EMAIL"), Password = Required("VERSO_E2E_PASSWORD") }, ct)).Token;

        var ws = (await verso.Api.CreateWorkspaceAsync(new WorkspaceRequest { Name = $"SDK deep {Suffix}", Slug = $"dotnet-deep-{Suffix}" }, ct)).Id;
        var template = await verso.Api.CreateTemplateAsync(ws, new CreateTemplateRequest { Name = "Node", Slug = $"node-{Suffix}" }, ct);
        // Model writes are guarded: each carries the draft version's current ETag, read just before.
        async Task<string?> DraftTag()
        {
            await verso.Api.GetTemplateVersionAsync(ws, template.Id, 1, ct);
            return verso.ETags.Get(new Uri(verso.BaseUrl, $"api/v1/workspaces/{ws}/templates/{template.Id}/versions/1"));
        }
        var data = await verso.Api.CreateTemplateFieldAsync(ws, template.Id, 1, new TemplateFieldRequest
        {
            Key = "data", Label = "Data", Order = 0, CompositionMode = CompositionMode.Inline,
            PrimitiveType = PrimitiveType.Link, MinOccurrences = 0, MaxOccurrences = 1,
        }, await DraftTag(), ct);
        var next = await verso.Api.CreateTemplateFieldAsync(ws, template.Id, 1, new TemplateFieldRequest
        {
            Key = "next", Label = "Next", Order = 1, CompositionMode = CompositionMode.Reference, IsOpen = true,
            MinOccurrences = 0, MaxOccurrences = 1,
        }, await DraftTag(), ct);
        var model = await verso.Api.PublishTemplateVersionAsync(ws, template.Id, 1, await DraftTag(), ct);

        var value = Parse(Nested(JsonValueDepth));
        Assert.Equal(JsonValueDepth, DepthOf(value));
        async Task<(ContentItemDetailResponse Item, PublishContentVersionResponse Published)> CreateAndPublish(string slug, ContentFieldValueRequest field)
        {
            var item = await verso.Api.CreateContentAsync(ws, new CreateContentItemRequest
            {
                TemplateVersionId = model.Id, Slug = slug, Tags = [], Fields = [field],
            }, ct);
            var published = await verso.Api.PublishContentVersionAsync(ws, item.Id, 1, new PublishContentVersionRequest { OverrideWorkflow = true }, ct);
            return (item, published);
        }

        // Leaf first; each level is published before its parent refers to it, so every level serves.
        var (node, published) = await CreateAndPublish($"leaf-{Suffix}", new ContentFieldValueRequest
        {
            FieldId = data.Id, Order = 0, ValueKind = ValueKind.Link, JsonValue = value,
        });
        for (var level = ExpansionDepth - 1; level >= 0; level--)
        {
            (node, published) = await CreateAndPublish($"level-{level}-{Suffix}", new ContentFieldValueRequest
            {
                FieldId = next.Id, Order = 0, ValueKind = ValueKind.ChildContent, ChildContentItemId = node.Id,
            });
        }

        // The by-slug read (59 levels) and the root's publish response (60 levels), both through the default settings.
        var bySlug = await verso.Api.GetContentBySlugAsync(ws, node.Slug!, expandChildren: true, cancellationToken: ct);
        foreach (var body in new[] { bySlug, published.Version })
        {
            var current = body;
            for (var level = 1; level <= ExpansionDepth; level++)
            {
                var link = Assert.Single(current.Fields);
                Assert.Equal("next", link.Key);
                current = Assert.IsType<ContentVersionDetailResponse>(link.Child);
            }
            Assert.Equal($"leaf-{Suffix}", current.Slug);
            var leaf = Assert.Single(current.Fields);
            Assert.Equal("data", leaf.Key);
            var read = Assert.IsType<JsonElement>(leaf.JsonValue);
            Assert.True(JsonElement.DeepEquals(value, read), $"the leaf's jsonValue changed on the way: {read.GetRawText()}");
            Assert.Equal(JsonValueDepth, DepthOf(read));
        }

        // One level deeper is refused: 422 naming the value's pointer.
        var refused = await Assert.ThrowsAsync<VersoApiException>(() => verso.Api.CreateContentAsync(ws, new CreateContentItemRequest
        {
            TemplateVersionId = model.Id, Slug = $"too-deep-{Suffix}", Tags = [],
            Fields = [new ContentFieldValueRequest { FieldId = data.Id, Order = 0, ValueKind = ValueKind.Link, JsonValue = Parse(Nested(JsonValueDepth + 1)) }],
        }, ct));
        Assert.Equal(422, refused.Status);
        Assert.Equal("https://verso.dev/errors/validation-failed", refused.Problem.Type);
        Assert.Equal("/fields/0/jsonValue", Assert.Single(refused.Problem.Errors).Key);
    }
}
