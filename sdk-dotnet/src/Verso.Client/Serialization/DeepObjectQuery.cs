using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Verso.Client.Serialization;

/// <summary>
/// Writes a query parameter of <c>style: deepObject</c> (listContent's <c>filter</c>): <c>filter[price][gte]=10</c> for
/// <c>{ price: { gte: "10" } }</c>. The generated client calls it in place of NSwag's <c>key=value</c> loop (see the
/// generator's DeepObjectParameters). Members are read with System.Text.Json, so a model's JSON names are the brackets'
/// names and its unset (null) members are left out.
/// </summary>
public static class DeepObjectQuery
{
    /// <summary>Appends <c>name[a][b]=value&amp;</c> for every leaf of <paramref name="value"/>, in member order.</summary>
    /// <exception cref="ArgumentException">A leaf is a list (deepObject has no spelling for one).</exception>
    public static void Append(StringBuilder url, string name, object? value)
    {
        ArgumentNullException.ThrowIfNull(url);
        ArgumentNullException.ThrowIfNull(name);
        if (value is null) return;
        Write(url, Uri.EscapeDataString(name), JsonSerializer.SerializeToNode(value, value.GetType()), name);
    }

    private static void Write(StringBuilder url, string prefix, JsonNode? node, string path)
    {
        switch (node)
        {
            case null:
                return;
            case JsonObject members:
                foreach (var (key, member) in members) Write(url, $"{prefix}[{Uri.EscapeDataString(key)}]", member, $"{path}[{key}]");
                return;
            case JsonArray:
                throw new ArgumentException($"The query parameter {path} holds a list, which a deepObject parameter cannot carry; join the values into one text.", nameof(node));
            case JsonValue leaf:
                url.Append(prefix).Append('=').Append(Uri.EscapeDataString(Text(leaf))).Append('&');
                return;
        }
    }

    private static string Text(JsonValue leaf) => leaf.GetValueKind() switch
    {
        JsonValueKind.String => leaf.GetValue<string>(),
        JsonValueKind.True => "true",
        JsonValueKind.False => "false",
        // A number as JSON writes it: invariant, exact (a decimal keeps its digits).
        _ => leaf.ToJsonString(),
    };
}
