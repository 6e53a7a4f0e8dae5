using System.Text.Json.Nodes;

namespace Verso.Client.Generator;

/// <summary>
/// Gives every schema, property, operation, parameter and request body of the (down-converted) document a
/// description, so NSwag writes an XML doc comment on every generated type, property and method: the package ships
/// with no missing-doc warning suppressed. What the contract describes is used as written; where it says nothing, a
/// factual sentence derived from the schema (name, type, required) stands in, and <see cref="DocStats"/> counts both.
/// </summary>
/// <remarks>
/// Runs on the in-memory copy after <see cref="InlineSchemaNames"/> (so hoisted objects are described too); the
/// contract on disk is not changed. The fallback sentences use the contract's own markdown style (names in backticks);
/// NSwag escapes them for XML.
/// </remarks>
public static class ContractDescriptions
{
    private static readonly string[] Methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

    public static DocStats Apply(JsonObject document)
    {
        var stats = new DocStats();
        if (document["components"]?["schemas"] is JsonObject schemas)
        {
            foreach (var (name, node) in schemas)
            {
                if (node is JsonObject schema) DescribeSchema(schema, name, stats);
            }
        }
        if (document["paths"] is JsonObject paths)
        {
            foreach (var (path, itemNode) in paths)
            {
                if (itemNode is not JsonObject item) continue;
                var shared = item["parameters"] as JsonArray;
                foreach (var method in Methods)
                {
                    if (item[method] is JsonObject operation) DescribeOperation(operation, method, path, shared, stats);
                }
            }
        }
        DescribeComponentParameters(document, stats);
        return stats;
    }

    private static void DescribeSchema(JsonObject schema, string name, DocStats stats)
    {
        if (HasText(schema, "description")) stats.Schemas.FromContract++;
        else if (HasText(schema, "title"))
        {
            schema["description"] = schema["title"]!.GetValue<string>();
            stats.Schemas.FromContract++;
        }
        else
        {
            schema["description"] = $"`{name}`: {SchemaSentence(schema)}.";
            stats.Schemas.Derived++;
        }
        DescribeProperties(schema, stats);
    }

    /// <summary>Properties of this object and of objects nested in it that NSwag turns into classes of their own.</summary>
    private static void DescribeProperties(JsonObject schema, DocStats stats)
    {
        foreach (var part in new[] { "allOf", "oneOf", "anyOf" })
        {
            if (schema[part] is JsonArray parts)
            {
                foreach (var p in parts.OfType<JsonObject>()) DescribeProperties(p, stats);
            }
        }
        if (schema["properties"] is not JsonObject properties) return;
        var required = Required(schema);
        foreach (var (propertyName, node) in properties)
        {
            if (node is not JsonObject property) continue;
            if (HasText(property, "description")) stats.Properties.FromContract++;
            else if (HasText(property, "title"))
            {
                property["description"] = property["title"]!.GetValue<string>();
                stats.Properties.FromContract++;
            }
            else
            {
                property["description"] =
                    $"`{propertyName}`: {TypeOf(property)}, {(required.Contains(propertyName) ? "required" : "optional")}{(Nullable(property) ? ", may be null" : "")}.";
                stats.Properties.Derived++;
            }
            if (property["items"] is JsonObject itemSchema) DescribeInlineEnum(itemSchema, propertyName, stats);
            // An inline object as a map's value becomes a class of its own (NSwag names it Anonymous).
            if (property["additionalProperties"] is JsonObject mapValue && mapValue["properties"] is JsonObject)
            {
                if (HasText(mapValue, "description")) stats.Schemas.FromContract++;
                else
                {
                    mapValue["description"] = $"One value of the `{propertyName}` map: {SchemaSentence(mapValue)}.";
                    stats.Schemas.Derived++;
                }
                DescribeProperties(mapValue, stats);
            }
            if (property["type"]?.GetValue<string>() == "object" && property["properties"] is JsonObject) DescribeProperties(property, stats);
            if (property["items"] is JsonObject items && items["properties"] is JsonObject) DescribeProperties(items, stats);
        }
    }

    private static void DescribeOperation(JsonObject operation, string method, string path, JsonArray? shared, DocStats stats)
    {
        var id = operation["operationId"]?.GetValue<string>();
        if (HasText(operation, "summary") || HasText(operation, "description")) stats.Operations.FromContract++;
        else
        {
            operation["summary"] = $"`{method.ToUpperInvariant()} {path}`" + (id is null ? "." : $" (operation `{id}`).");
            stats.Operations.Derived++;
        }
        foreach (var parameters in new[] { operation["parameters"] as JsonArray, shared })
        {
            if (parameters is null) continue;
            foreach (var parameter in parameters.OfType<JsonObject>())
            {
                if (parameter["$ref"] is not null) continue; // described where it is defined (components.parameters)
                DescribeParameter(parameter, stats);
            }
        }
        if (operation["requestBody"] is JsonObject body)
        {
            if (HasText(body, "description")) stats.RequestBodies.FromContract++;
            else
            {
                var schema = (body["content"] as JsonObject)?.Select(c => c.Value?["schema"]).OfType<JsonObject>().FirstOrDefault();
                var required = body["required"]?.GetValue<bool>() == true;
                body["description"] = $"The request body: {(schema is null ? "content" : TypeOf(schema))}, {(required ? "required" : "optional")}.";
                stats.RequestBodies.Derived++;
            }
            // Multipart bodies become one parameter per property: those need property descriptions too.
            if (body["content"] is JsonObject content)
            {
                foreach (var (mediaType, media) in content)
                {
                    if (mediaType.StartsWith("multipart/", StringComparison.Ordinal) && media?["schema"] is JsonObject form)
                        DescribeProperties(form, stats);
                }
            }
        }
    }

    private static void DescribeParameter(JsonObject parameter, DocStats stats)
    {
        DescribeInlineEnum(parameter["schema"] as JsonObject, parameter["name"]?.GetValue<string>() ?? "?", stats);
        if (HasText(parameter, "description"))
        {
            stats.Parameters.FromContract++;
            return;
        }
        var name = parameter["name"]?.GetValue<string>() ?? "?";
        var place = parameter["in"]?.GetValue<string>() ?? "?";
        var required = parameter["required"]?.GetValue<bool>() == true;
        var type = parameter["schema"] is JsonObject schema ? TypeOf(schema) : "a value";
        parameter["description"] = $"`{name}` ({place}): {type}, {(required ? "required" : "optional")}.";
        stats.Parameters.Derived++;
    }

    /// <summary>An inline enum (in a parameter, a property or an array's items) becomes a C# enum type of its own, whose
    /// doc is the inline schema's description: give it one when it has none.</summary>
    private static void DescribeInlineEnum(JsonObject? schema, string owner, DocStats stats)
    {
        if (schema is null) return;
        if (schema["items"] is JsonObject items) DescribeInlineEnum(items, owner, stats);
        if (schema["enum"] is not JsonArray values || schema["$ref"] is not null) return;
        if (HasText(schema, "description")) stats.Schemas.FromContract++;
        else
        {
            schema["description"] = $"The values of `{owner}`: {Article(TypeName(schema))}, one of {Values(values)}.";
            stats.Schemas.Derived++;
        }
    }

    private static void DescribeComponentParameters(JsonObject document, DocStats stats)
    {
        if (document["components"]?["parameters"] is not JsonObject parameters) return;
        foreach (var (_, node) in parameters)
        {
            if (node is JsonObject parameter) DescribeParameter(parameter, stats);
        }
    }

    /// <summary>"an object; required: `a`, `b`", "a string, one of `x`, `y`", …</summary>
    private static string SchemaSentence(JsonObject schema)
    {
        if (schema["enum"] is JsonArray values) return $"{Article(TypeName(schema))}, one of {Values(values)}";
        if (schema["properties"] is JsonObject properties)
        {
            var required = Required(schema).Where(properties.ContainsKey).ToList();
            return required.Count == 0
                ? "an object; no member is required"
                : "an object; required: " + string.Join(", ", required.Select(r => $"`{r}`"));
        }
        if (schema["allOf"] is JsonArray) return "an object made of " + string.Join(" and ", Parts(schema, "allOf"));
        if (schema["oneOf"] is JsonArray) return "one of " + string.Join(", ", Parts(schema, "oneOf"));
        if (schema["anyOf"] is JsonArray) return "any of " + string.Join(", ", Parts(schema, "anyOf"));
        return TypeOf(schema);
    }

    private static IEnumerable<string> Parts(JsonObject schema, string keyword) =>
        ((JsonArray)schema[keyword]!).OfType<JsonObject>().Select(TypeOf);

    /// <summary>A short phrase for a schema's type: "a string (uuid)", "a list of `Item`", "a `Theme`", "a map of string".</summary>
    private static string TypeOf(JsonObject schema)
    {
        if (schema["$ref"]?.GetValue<string>() is { } reference) return $"a `{RefName(reference)}`";
        if (schema["allOf"] is JsonArray allOf && allOf.Count == 1 && allOf[0] is JsonObject only) return TypeOf(only);
        if (schema["enum"] is JsonArray values) return $"{Article(TypeName(schema))}, one of {Values(values)}";
        var type = TypeName(schema);
        switch (type)
        {
            case "array":
                return schema["items"] is JsonObject items ? "a list of " + Strip(TypeOf(items)) : "a list";
            case "object" when schema["properties"] is null && schema["additionalProperties"] is JsonObject values2:
                return "a map of names to " + Strip(TypeOf(values2));
            case "object" when schema["properties"] is null:
                return "any JSON object";
        }
        if (type is null)
        {
            if (schema["oneOf"] is JsonArray || schema["anyOf"] is JsonArray) return "one of several shapes";
            return "any JSON value";
        }
        var format = schema["format"]?.GetValue<string>();
        return Article(type) + (format is null ? "" : $" ({format})");
    }

    private static string? TypeName(JsonObject schema) => schema["type"] switch
    {
        JsonValue v => v.GetValue<string>(),
        JsonArray a => a.Select(t => t?.GetValue<string>()).FirstOrDefault(t => t != "null"),
        _ => null,
    };

    private static string Article(string? type) => type switch
    {
        null => "a value",
        "integer" => "an integer",
        "object" => "an object",
        "array" => "an array",
        _ => "a " + type,
    };

    /// <summary>"a `X`" → "`X`", "a string" → "strings"-free phrase for use after "list of".</summary>
    private static string Strip(string phrase) =>
        phrase.StartsWith("a ", StringComparison.Ordinal) ? phrase[2..] : phrase.StartsWith("an ", StringComparison.Ordinal) ? phrase[3..] : phrase;

    private static string Values(JsonArray values) =>
        string.Join(", ", values.Select(v => v is null ? "null" : $"`{(v.GetValueKind() == System.Text.Json.JsonValueKind.String ? v.GetValue<string>() : v.ToJsonString())}`"));

    private static string RefName(string reference) => reference[(reference.LastIndexOf('/') + 1)..];

    private static bool Nullable(JsonObject schema) =>
        schema["nullable"]?.GetValue<bool>() == true
        || (schema["type"] is JsonArray types && types.Any(t => t?.GetValue<string>() == "null"));

    private static HashSet<string> Required(JsonObject schema) =>
        schema["required"] is JsonArray required
            ? required.Select(r => r?.GetValue<string>()).OfType<string>().ToHashSet(StringComparer.Ordinal)
            : [];

    private static bool HasText(JsonObject node, string key) =>
        node[key] is JsonValue value && value.TryGetValue<string>(out var text) && !string.IsNullOrWhiteSpace(text);
}

/// <summary>How many descriptions came from the contract and how many were derived from the schema, per kind.</summary>
public sealed class DocStats
{
    public Count Schemas { get; } = new();
    public Count Properties { get; } = new();
    public Count Operations { get; } = new();
    public Count Parameters { get; } = new();
    public Count RequestBodies { get; } = new();

    /// <summary>Enum members, which the contract cannot describe (OpenAPI has no per-value description): always derived.</summary>
    public int EnumMembers { get; set; }

    /// <summary>C# enum types of inline enum properties: NJsonSchema gives them no summary, so their values make one.</summary>
    public int InlineEnumTypes { get; set; }

    /// <summary>NSwag's own helper members (FileResponse, the client's constructor, …), documented by the generator.</summary>
    public int HelperMembers { get; set; }

    public override string ToString() =>
        $"XML docs from the contract / derived from the schema: schemas {Schemas}, properties {Properties}, " +
        $"operations {Operations}, parameters {Parameters}, request bodies {RequestBodies}; " +
        $"enum values {EnumMembers} and inline enum types {InlineEnumTypes} derived; NSwag helper members {HelperMembers} documented by the generator.";

    /// <summary>One kind's tally.</summary>
    public sealed class Count
    {
        public int FromContract { get; set; }
        public int Derived { get; set; }
        public override string ToString() => $"{FromContract}/{Derived}";
    }
}
