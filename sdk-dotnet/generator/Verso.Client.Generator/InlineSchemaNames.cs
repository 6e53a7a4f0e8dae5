using System.Text.Json.Nodes;

namespace Verso.Client.Generator;

/// <summary>
/// Moves inline object schemas into components.schemas under names taken from where they stand:
/// <c>HealthReport.metadata</c> → <c>HealthReportMetadata</c>, the inline 200 body of <c>getOpenApiDocument</c> →
/// <c>GetOpenApiDocumentResponse</c>, an inline JSON request body of <c>login</c> → <c>LoginRequest</c>.
/// </summary>
/// <remarks>
/// Left to itself NSwag calls such types <c>Metadata</c>, <c>Response</c>, <c>Response2</c>, … in document order, so adding
/// an unrelated operation can rename a public SDK type. Names derived from the operationId or the owning schema and
/// property stay put. Multipart bodies are not touched: NSwag expands their properties into method parameters.
/// </remarks>
public static class InlineSchemaNames
{
    private static readonly string[] Methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

    public static void Apply(JsonObject document)
    {
        var components = document["components"] as JsonObject ?? new JsonObject();
        document["components"] = components;
        var schemas = components["schemas"] as JsonObject ?? new JsonObject();
        components["schemas"] = schemas;

        // Operations first, so an operation's name wins over a nested name if both would be the same.
        if (document["paths"] is JsonObject paths)
        {
            foreach (var (_, itemNode) in paths)
            {
                if (itemNode is not JsonObject item) continue;
                foreach (var method in Methods)
                {
                    if (item[method] is JsonObject operation && operation["operationId"]?.GetValue<string>() is { } id)
                        NameOperationSchemas(schemas, operation, Pascal(id));
                }
            }
        }

        // Then component properties, including those of schemas hoisted a moment ago (the queue grows as we go).
        var queue = new Queue<string>(schemas.Select(s => s.Key));
        while (queue.Count > 0)
        {
            var name = queue.Dequeue();
            if (schemas[name] is JsonObject schema) HoistProperties(schemas, schema, name, queue);
        }
    }

    private static void NameOperationSchemas(JsonObject schemas, JsonObject operation, string operationName)
    {
        if (operation["requestBody"] is JsonObject body && body["content"] is JsonObject requestContent)
        {
            foreach (var (mediaType, media) in requestContent)
            {
                if (!IsJson(mediaType) || media is not JsonObject m) continue;
                Hoist(schemas, m, "schema", operationName + "Request", queue: null);
            }
        }
        if (operation["responses"] is not JsonObject responses) return;
        var first = true;
        foreach (var (status, responseNode) in responses.OrderBy(r => r.Key, StringComparer.Ordinal))
        {
            if (responseNode is not JsonObject response || response["content"] is not JsonObject content) continue;
            foreach (var (mediaType, media) in content)
            {
                if (!IsJson(mediaType) || media is not JsonObject m) continue;
                if (m["schema"] is JsonObject list && list["items"] is JsonObject)
                    Hoist(schemas, list, "items", operationName + "Item", queue: null);
                if (!IsInlineObject(m["schema"])) continue;
                // The lowest status (the success) gets the plain name; others carry their status.
                Hoist(schemas, m, "schema", operationName + "Response" + (first ? "" : status), queue: null);
                first = false;
            }
        }
    }

    private static void HoistProperties(JsonObject schemas, JsonObject schema, string ownerName, Queue<string> queue)
    {
        if (schema["properties"] is JsonObject properties)
        {
            foreach (var (property, _) in properties.ToList())
            {
                Hoist(schemas, properties, property, ownerName + Pascal(property), queue);
                if (properties[property] is JsonObject p && p["items"] is JsonObject)
                    Hoist(schemas, p, "items", ownerName + Pascal(property) + "Item", queue);
            }
        }
        if (schema["items"] is JsonObject) Hoist(schemas, schema, "items", ownerName + "Item", queue);
    }

    /// <summary>Replaces <c>parent[key]</c>, when it is an inline object schema, by a reference to a new component.</summary>
    private static void Hoist(JsonObject schemas, JsonObject parent, string key, string wantedName, Queue<string>? queue)
    {
        if (!IsInlineObject(parent[key])) return;
        var inline = (JsonObject)parent[key]!;
        var name = wantedName;
        for (var n = 2; schemas.ContainsKey(name); n++) name = wantedName + n;

        var nullable = inline["nullable"]?.GetValue<bool>() == true;
        inline.Remove("nullable");
        parent[key] = null;
        schemas[name] = inline;
        parent[key] = nullable
            ? new JsonObject { ["allOf"] = new JsonArray(Ref(name)), ["nullable"] = true }
            : Ref(name);
        // Hoisted from a component: its own properties are visited when the queue reaches it. Hoisted from an
        // operation: the component pass that follows visits it with every other schema.
        queue?.Enqueue(name);
    }

    private static JsonObject Ref(string name) => new() { ["$ref"] = "#/components/schemas/" + name };

    private static bool IsInlineObject(JsonNode? node) =>
        node is JsonObject o && !o.ContainsKey("$ref") && o["properties"] is JsonObject props && props.Count > 0;

    private static bool IsJson(string mediaType)
    {
        var m = mediaType.Split(';')[0].Trim().ToLowerInvariant();
        return m == "application/json" || m.EndsWith("+json", StringComparison.Ordinal) || m == "text/json";
    }

    private static string Pascal(string name)
    {
        var id = ParameterNames.ToCamelIdentifier(name).TrimStart('@', '_');
        return id.Length == 0 ? "Value" : char.ToUpperInvariant(id[0]) + id[1..];
    }
}
