using System.Text.Json.Nodes;

namespace Verso.Client.Generator;

/// <summary>One OpenAPI 3.1 schema keyword at a time, rewritten in place into its 3.0 spelling for NSwag
/// (called by <see cref="OpenApi31Downconverter"/> for every schema position).</summary>
public static class SchemaKeywordRewrites
{
    /// <summary>`type: [string, 'null']` → `type: string, nullable: true`.</summary>
    public static void RewriteTypeArray(JsonObject schema)
    {
        if (schema["type"] is not JsonArray types) return;
        var names = types.Select(t => t?.GetValue<string>()).Where(t => t is not null).Cast<string>().ToList();
        var nonNull = names.Where(t => t != "null").ToList();
        schema.Remove("type");
        if (nonNull.Count == 1) schema["type"] = nonNull[0];
        // Several non-null types have no 3.0 spelling; leaving `type` out makes the property an untyped value.
        if (names.Contains("null")) schema["nullable"] = true;
    }

    /// <summary>
    /// `type: number` without a format → `format: decimal`, so NSwag types it <c>decimal</c> instead of <c>double</c>: the
    /// contract's numbers are exact decimals (PostgreSQL <c>numeric</c>, Number field values), and a double would turn
    /// 0.1 + 0.2 into 0.30000000000000004 and write a value the caller never chose.
    /// </summary>
    public static void RewriteExactNumber(JsonObject schema)
    {
        if (schema["type"] is JsonValue type && type.TryGetValue<string>(out var name) && name == "number" && schema["format"] is null)
            schema["format"] = "decimal";
    }

    /// <summary>`const: X` → `enum: [X]`, so a fixed discriminator-like value keeps its type.</summary>
    public static void RewriteConst(JsonObject schema)
    {
        if (!schema.ContainsKey("const")) return;
        var value = schema["const"];
        schema.Remove("const");
        if (value is null)
        {
            schema["nullable"] = true;
            return;
        }
        schema["enum"] = new JsonArray(value.DeepClone());
        if (schema["type"] is null && value is JsonValue v)
        {
            if (v.TryGetValue<string>(out _)) schema["type"] = "string";
            else if (v.TryGetValue<bool>(out _)) schema["type"] = "boolean";
            else if (v.TryGetValue<long>(out _)) schema["type"] = "integer";
            else if (v.TryGetValue<double>(out _)) schema["type"] = "number";
        }
    }

    /// <summary>
    /// `oneOf: [X, {type: 'null'}]` → X made nullable. A `$ref` cannot carry siblings in 3.0, so a nullable
    /// reference becomes `allOf: [{$ref}], nullable: true`, which NSwag reads as a nullable reference type.
    /// </summary>
    public static void RewriteNullUnion(JsonObject schema, string combinator)
    {
        if (schema[combinator] is not JsonArray list || list.Count < 2) return;
        var nonNull = list.Where(e => !IsNullSchema(e)).ToList();
        if (nonNull.Count == list.Count) return;
        schema.Remove(combinator);
        schema["nullable"] = true;
        if (nonNull.Count != 1)
        {
            var rest = new JsonArray(nonNull.Select(n => n!.DeepClone()).ToArray());
            schema[combinator] = rest;
            return;
        }
        var only = (JsonObject)nonNull[0]!.DeepClone();
        if (only.ContainsKey("$ref"))
        {
            schema["allOf"] = new JsonArray(new JsonObject { ["$ref"] = only["$ref"]!.DeepClone() });
            return;
        }
        foreach (var (key, value) in only)
        {
            if (!schema.ContainsKey(key)) schema[key] = value?.DeepClone();
        }
        RewriteTypeArray(schema);
        schema["nullable"] = true;
    }

    /// <summary>
    /// A union of several schemas (<c>anyOf: [CtpPackage, PackageImportEnvelope]</c>) has no C# spelling; NSwag would
    /// emit an empty class that can carry neither. As an untyped value the caller passes either model (it is
    /// serialized by its runtime type) and reads a response as a JsonElement.
    /// </summary>
    public static void RewriteUnion(JsonObject schema, string combinator)
    {
        if (schema[combinator] is not JsonArray list || list.Count < 2 || schema.ContainsKey("properties")) return;
        schema.Remove(combinator);
        schema.Remove("type");
    }

    private static bool IsNullSchema(JsonNode? node)
    {
        if (node is not JsonObject o) return false;
        if (o["type"] is JsonValue t && t.TryGetValue<string>(out var name)) return name == "null";
        if (o["type"] is JsonArray a) return a.Count == 1 && a[0]?.GetValue<string>() == "null";
        return o.ContainsKey("const") && o["const"] is null;
    }

    /// <summary>
    /// <c>enum: [createdAt, CreatedAt]</c> (a server that accepts both casings) would give two C# members named
    /// <c>CreatedAt</c>. The first spelling is kept: the client sends one, and System.Text.Json reads enum names
    /// case-insensitively anyway.
    /// </summary>
    public static void DedupeEnumCasing(JsonObject schema)
    {
        if (schema["enum"] is not JsonArray values) return;
        var seen = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        var kept = new JsonArray();
        foreach (var value in values)
        {
            if (value is JsonValue v && v.TryGetValue<string>(out var text) && !seen.Add(text)) continue;
            kept.Add(value?.DeepClone());
        }
        if (kept.Count != values.Count) schema["enum"] = kept;
    }

    /// <summary>3.1 spells file content `contentMediaType`/`contentEncoding`; 3.0 spells it `format`.</summary>
    public static void RewriteBinaryString(JsonObject schema)
    {
        var encoding = schema["contentEncoding"]?.GetValue<string>();
        var mediaType = schema["contentMediaType"]?.GetValue<string>();
        schema.Remove("contentEncoding");
        schema.Remove("contentMediaType");
        if (encoding is null && mediaType is null) return;
        if (schema["format"] is not null) return;
        schema["format"] = string.Equals(encoding, "base64", StringComparison.OrdinalIgnoreCase) ? "byte" : "binary";
    }

    public static void RewriteExamples(JsonObject schema)
    {
        if (schema["examples"] is not JsonArray examples) return;
        schema.Remove("examples");
        if (examples.Count > 0 && !schema.ContainsKey("example")) schema["example"] = examples[0]?.DeepClone();
    }

    /// <summary>3.1 writes `exclusiveMinimum: 0`; 3.0 writes `minimum: 0, exclusiveMinimum: true`.</summary>
    public static void RewriteExclusiveBound(JsonObject schema, string exclusiveKey, string boundKey)
    {
        if (schema[exclusiveKey] is not JsonValue value || value.TryGetValue<bool>(out _)) return;
        schema.Remove(exclusiveKey);
        schema[boundKey] = value.DeepClone();
        schema[exclusiveKey] = true;
    }
}
