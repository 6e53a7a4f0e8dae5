using System.Text;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Verso.Client.Generator;

/// <summary>
/// Emits Paging.g.cs: every page model of the contract (a schema with required <c>items</c> array of a component,
/// and integer <c>page</c> and <c>totalPages</c>) implements <c>IVersoPage&lt;TItem&gt;</c>, so one paging helper serves
/// every list operation. NSwag has no notion of this; its classes are partial, so a second declaration adds it.
/// </summary>
public static partial class PageInterfaces
{
    public static string? Generate(JsonObject downconverted, string models)
    {
        if (downconverted["components"]?["schemas"] is not JsonObject schemas) return null;
        var lines = new List<string>();
        foreach (var (name, node) in schemas.OrderBy(s => s.Key, StringComparer.Ordinal))
        {
            if (node is not JsonObject schema || ItemTypeOf(schema) is not { } item) continue;
            // Only when NSwag kept both names and declared Items as expected; otherwise leave the class alone.
            if (!Identifier().IsMatch(name) || !Identifier().IsMatch(item)) continue;
            if (!models.Contains($"public partial class {name}\n", StringComparison.Ordinal)) continue;
            if (!models.Contains($"System.Collections.Generic.IList<{item}> Items {{ get; set; }}", StringComparison.Ordinal)) continue;
            lines.Add($"    public partial class {name} : global::Verso.Client.Paging.IVersoPage<{item}>\n    {{\n    }}\n");
        }
        if (lines.Count == 0) return null;
        var sb = new StringBuilder();
        sb.Append("#nullable enable\n\nnamespace ").Append(ClientGeneration.Namespace).Append("\n{\n");
        sb.Append(string.Join("\n", lines));
        sb.Append("}\n");
        return sb.ToString();
    }

    private static string? ItemTypeOf(JsonObject schema)
    {
        if (schema["properties"] is not JsonObject properties || schema["required"] is not JsonArray required) return null;
        var requiredNames = required.Select(r => r?.GetValue<string>()).ToHashSet();
        if (!requiredNames.Contains("items") || !requiredNames.Contains("page") || !requiredNames.Contains("totalPages")) return null;
        if (!IsInt32(properties["page"]) || !IsInt32(properties["totalPages"])) return null;
        if (properties["items"] is not JsonObject items || items["type"]?.GetValue<string>() != "array") return null;
        var reference = items["items"]?["$ref"]?.GetValue<string>();
        const string prefix = "#/components/schemas/";
        return reference is not null && reference.StartsWith(prefix, StringComparison.Ordinal) ? reference[prefix.Length..] : null;
    }

    private static bool IsInt32(JsonNode? node) =>
        node is JsonObject p && p["type"]?.GetValue<string>() == "integer" && p["nullable"] is null
        && (p["format"] is null || p["format"]!.GetValue<string>() == "int32");

    [GeneratedRegex("^[A-Za-z_][A-Za-z0-9_]*$")]
    private static partial Regex Identifier();
}
