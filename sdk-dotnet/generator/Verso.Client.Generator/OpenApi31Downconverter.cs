using System.Text.Json.Nodes;

namespace Verso.Client.Generator;

/// <summary>
/// Rewrites an OpenAPI 3.1 document, in memory, into the OpenAPI 3.0 dialect that NSwag reads reliably.
/// </summary>
/// <remarks>
/// NSwag 14 parses 3.1 documents but reads them with 3.0 rules: a `const` becomes an untyped object, a
/// `contentMediaType` string is read as text, and `oneOf: [X, {type: null}]` loses the null. It also decodes
/// every response whose schema is a string as JSON, which breaks text/html and other non-JSON bodies. The
/// rewrite only touches schema positions (found by walking the document structure), so a property that
/// happens to be named `const` or `type` is never mistaken for a keyword.
/// </remarks>
public static class OpenApi31Downconverter
{
    private static readonly string[] OperationMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

    public static JsonObject Downconvert(JsonObject document)
    {
        var doc = (JsonObject)document.DeepClone();
        doc["openapi"] = "3.0.3";
        // 3.1-only top-level members that 3.0 readers do not know.
        doc.Remove("webhooks");
        doc.Remove("jsonSchemaDialect");

        if (doc["paths"] is JsonObject paths)
        {
            foreach (var (_, pathItemNode) in paths)
            {
                if (pathItemNode is not JsonObject pathItem) continue;
                var pathLevel = pathItem["parameters"] as JsonArray;
                VisitParameters(pathLevel);
                foreach (var method in OperationMethods)
                {
                    if (pathItem[method] is JsonObject operation) VisitOperation(operation);
                }
            }
        }

        if (doc["components"] is JsonObject components)
        {
            ForEachObject(components["schemas"], VisitSchema);
            ForEachObject(components["parameters"], VisitParameter);
            ForEachObject(components["headers"], VisitParameter);
            ForEachObject(components["responses"], VisitResponse);
            ForEachObject(components["requestBodies"], VisitRequestBody);
            components.Remove("pathItems");
            UntypedComponents.Inline(doc, components);
        }

        return doc;
    }

    private static void VisitOperation(JsonObject operation)
    {
        VisitParameters(operation["parameters"] as JsonArray);
        if (operation["requestBody"] is JsonObject body) VisitRequestBody(body);
        ForEachObject(operation["responses"], VisitResponse);
    }

    private static void VisitParameters(JsonArray? parameters)
    {
        if (parameters is null) return;
        foreach (var p in parameters)
        {
            if (p is JsonObject parameter) VisitParameter(parameter);
        }
    }

    private static void VisitParameter(JsonObject parameter)
    {
        if (parameter["schema"] is JsonObject schema) VisitSchema(schema);
        VisitContent(parameter["content"], bodyMediaRules: false);
    }

    private static void VisitRequestBody(JsonObject body) => VisitContent(body["content"], bodyMediaRules: true);

    private static void VisitResponse(JsonObject response)
    {
        ForEachObject(response["headers"], VisitParameter);
        VisitContent(response["content"], bodyMediaRules: true);
    }

    private static void VisitContent(JsonNode? content, bool bodyMediaRules)
    {
        if (content is not JsonObject media) return;
        foreach (var (mediaType, mediaNode) in media)
        {
            if (mediaNode is not JsonObject mediaObject) continue;
            if (bodyMediaRules && !IsStructuredMediaType(mediaType))
            {
                // A body that is not JSON, text/plain or a form is a byte stream to the client (HTML pages,
                // scripts, images, downloads). NSwag turns `format: binary` into a FileResponse stream.
                mediaObject["schema"] = new JsonObject { ["type"] = "string", ["format"] = "binary" };
                continue;
            }
            if (mediaObject["schema"] is JsonObject schema) VisitSchema(schema);
        }
    }

    private static bool IsStructuredMediaType(string mediaType)
    {
        var m = mediaType.Split(';')[0].Trim().ToLowerInvariant();
        return m == "application/json" || m.EndsWith("+json", StringComparison.Ordinal) || m == "text/json"
            || m == "text/plain" || m == "multipart/form-data" || m == "application/x-www-form-urlencoded";
    }

    private static void VisitSchema(JsonObject schema)
    {
        SchemaKeywordRewrites.RewriteTypeArray(schema);
        SchemaKeywordRewrites.RewriteConst(schema);
        SchemaKeywordRewrites.RewriteExactNumber(schema);
        SchemaKeywordRewrites.RewriteNullUnion(schema, "oneOf");
        SchemaKeywordRewrites.RewriteNullUnion(schema, "anyOf");
        SchemaKeywordRewrites.RewriteUnion(schema, "oneOf");
        SchemaKeywordRewrites.RewriteUnion(schema, "anyOf");
        SchemaKeywordRewrites.DedupeEnumCasing(schema);
        SchemaKeywordRewrites.RewriteBinaryString(schema);
        SchemaKeywordRewrites.RewriteExamples(schema);
        SchemaKeywordRewrites.RewriteExclusiveBound(schema, "exclusiveMinimum", "minimum");
        SchemaKeywordRewrites.RewriteExclusiveBound(schema, "exclusiveMaximum", "maximum");
        schema.Remove("$schema");
        schema.Remove("$id");
        schema.Remove("$comment");

        ForEachObject(schema["properties"], VisitSchema);
        ForEachObject(schema["$defs"], VisitSchema);
        if (schema["items"] is JsonObject items) VisitSchema(items);
        if (schema["additionalProperties"] is JsonObject additional) VisitSchema(additional);
        if (schema["not"] is JsonObject not) VisitSchema(not);
        foreach (var combinator in new[] { "allOf", "anyOf", "oneOf" })
        {
            if (schema[combinator] is not JsonArray list) continue;
            foreach (var entry in list)
            {
                if (entry is JsonObject member) VisitSchema(member);
            }
        }
        // 3.0 has no tuples; the client only needs "an array of something".
        if (schema["prefixItems"] is JsonArray && schema["items"] is null)
        {
            schema.Remove("prefixItems");
            schema["items"] = new JsonObject();
        }
    }

    private static void ForEachObject(JsonNode? node, Action<JsonObject> visit)
    {
        if (node is not JsonObject map) return;
        foreach (var (_, child) in map)
        {
            if (child is JsonObject o) visit(o);
        }
    }
}
