using System.Text.Json.Nodes;

namespace Verso.Client.Generator;

internal static class UntypedComponents
{
    /// <summary>
    /// A component that says nothing about its shape (an untyped union after <see cref="SchemaKeywordRewrites.RewriteUnion"/>) is written
    /// inline as <c>{}</c> wherever it is referenced: NSwag turns a named empty schema into an empty class, an inline
    /// one into <c>object</c>.
    /// </summary>
    public static void Inline(JsonObject doc, JsonObject components)
    {
        if (components["schemas"] is not JsonObject schemas) return;
        var untyped = schemas.Where(s => s.Value is JsonObject o && IsUntyped(o)).Select(s => "#/components/schemas/" + s.Key).ToHashSet();
        if (untyped.Count == 0) return;
        ReplaceReferences(doc, untyped);
        foreach (var reference in untyped) schemas.Remove(reference["#/components/schemas/".Length..]);
    }

    private static bool IsUntyped(JsonObject schema) =>
        !schema.Any(member => member.Key is "type" or "properties" or "items" or "enum" or "allOf" or "anyOf" or "oneOf"
            or "$ref" or "additionalProperties" or "format");

    private static void ReplaceReferences(JsonNode? node, HashSet<string> references)
    {
        switch (node)
        {
            case JsonObject o:
                foreach (var (key, child) in o.ToList())
                {
                    if (child is JsonObject c && c["$ref"] is JsonValue r && references.Contains(r.GetValue<string>()))
                        o[key] = new JsonObject();
                    else
                        ReplaceReferences(child, references);
                }
                break;
            case JsonArray a:
                for (var i = 0; i < a.Count; i++)
                {
                    if (a[i] is JsonObject c && c["$ref"] is JsonValue r && references.Contains(r.GetValue<string>()))
                        a[i] = new JsonObject();
                    else
                        ReplaceReferences(a[i], references);
                }
                break;
        }
    }
}
