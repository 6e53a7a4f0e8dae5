using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Verso.Client.Generator;

/// <summary>
/// Fixes the order of generated method parameters: path parameters in the order they appear in the route,
/// then query, header and cookie parameters in declared order, then the body.
/// </summary>
/// <remarks>
/// NSwag sorts by `x-position` and otherwise lists operation-level parameters before path-level ones,
/// which gave signatures like <c>UpdateWorkspaceAsync(ifMatch, body, workspaceId)</c>. Positions are per
/// operation, but a `$ref` parameter is shared by many operations, so every parameter (and path-level
/// parameter) is first copied into its operation. That changes nothing in the generated types.
/// </remarks>
public static partial class ParameterOrder
{
    private static readonly string[] Methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
    private static readonly string[] Locations = ["path", "query", "header", "cookie"];

    public static void Apply(JsonObject document)
    {
        if (document["paths"] is not JsonObject paths) return;
        foreach (var (route, itemNode) in paths)
        {
            if (itemNode is not JsonObject item) continue;
            var shared = Resolve(document, item["parameters"] as JsonArray);
            item.Remove("parameters");
            foreach (var method in Methods)
            {
                if (item[method] is not JsonObject operation) continue;
                var own = Resolve(document, operation["parameters"] as JsonArray);
                var merged = own.ToList();
                // An operation-level parameter overrides a path-level one with the same name and location.
                merged.AddRange(shared.Where(s => !own.Any(o => SameParameter(o, s))).Select(s => (JsonObject)s.DeepClone()));
                var ordered = Sort(route, merged);
                var position = 1;
                foreach (var p in ordered) p["x-position"] = position++;
                if (ordered.Count > 0) operation["parameters"] = new JsonArray(ordered.Select(p => (JsonNode)p).ToArray());
                else operation.Remove("parameters");

                if (operation["requestBody"] is JsonObject body)
                {
                    var actual = body["$ref"] is JsonValue r ? (JsonObject)Lookup(document, r.GetValue<string>()).DeepClone() : body;
                    actual["x-position"] = position;
                    operation["requestBody"] = actual == body ? body : actual;
                }
            }
        }
    }

    private static List<JsonObject> Sort(string route, List<JsonObject> parameters)
    {
        var pathOrder = PathTemplate().Matches(route).Select(m => m.Groups[1].Value).ToList();
        return parameters
            .Select((p, declared) => (p, declared))
            .OrderBy(x => Array.IndexOf(Locations, In(x.p)) is var i && i < 0 ? Locations.Length : i)
            .ThenBy(x => In(x.p) == "path" ? pathOrder.IndexOf(Name(x.p)) : x.declared)
            .Select(x => x.p)
            .ToList();
    }

    private static List<JsonObject> Resolve(JsonObject document, JsonArray? parameters) =>
        parameters is null
            ? []
            : parameters.OfType<JsonObject>()
                .Select(p => (JsonObject)(p["$ref"] is JsonValue r ? Lookup(document, r.GetValue<string>()) : p).DeepClone())
                .ToList();

    private static JsonObject Lookup(JsonObject document, string reference)
    {
        if (!reference.StartsWith("#/", StringComparison.Ordinal))
            throw new InvalidDataException($"Only local references are supported (bundle the document first): {reference}");
        JsonNode? node = document;
        foreach (var raw in reference[2..].Split('/'))
        {
            var segment = raw.Replace("~1", "/").Replace("~0", "~");
            node = node?[segment];
        }
        return node as JsonObject ?? throw new InvalidDataException($"Unresolved reference {reference}");
    }

    private static bool SameParameter(JsonObject a, JsonObject b) => Name(a) == Name(b) && In(a) == In(b);
    private static string Name(JsonObject p) => p["name"]?.GetValue<string>() ?? "";
    private static string In(JsonObject p) => p["in"]?.GetValue<string>() ?? "";

    [GeneratedRegex(@"\{([^}]+)\}")]
    private static partial Regex PathTemplate();
}
