using System.Text.Json.Nodes;

namespace Verso.Client.Generator;

/// <summary>
/// Keeps <c>If-Match</c> an optional argument (<c>string? ifMatch = null</c>) although the contract requires the header:
/// the client's ETag tracking sends the tag it last saw for the URL when the caller passes none, so a required argument
/// would throw on exactly the calls the tracking exists for. The server still answers 412 when no tag arrives.
/// </summary>
/// <remarks>Runs after <see cref="ParameterOrder"/>, which has copied every parameter into its operation, so only the
/// generated signatures change, not the shared component.</remarks>
public static class TransportSuppliedHeaders
{
    private static readonly string[] Methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

    public static void Apply(JsonObject document)
    {
        if (document["paths"] is not JsonObject paths) return;
        foreach (var (_, itemNode) in paths)
        {
            if (itemNode is not JsonObject item) continue;
            foreach (var method in Methods)
            {
                if (item[method] is not JsonObject operation || operation["parameters"] is not JsonArray parameters) continue;
                foreach (var parameter in parameters.OfType<JsonObject>())
                {
                    var isIfMatch = parameter["in"]?.GetValue<string>() == "header"
                        && string.Equals(parameter["name"]?.GetValue<string>(), "If-Match", StringComparison.OrdinalIgnoreCase);
                    if (isIfMatch) parameter["required"] = false;
                }
            }
        }
    }
}
