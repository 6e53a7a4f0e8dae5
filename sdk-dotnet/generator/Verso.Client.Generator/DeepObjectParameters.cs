using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Verso.Client.Generator;

/// <summary>
/// Query parameters with <c>style: deepObject</c> (listContent's <c>filter</c>): NSwag writes a dictionary parameter as
/// <c>key=value</c> pairs and a nested object with <c>ToString()</c>, so <c>filter = { price: { gte: "10" } }</c> would go
/// out as <c>price=Verso.Client.Generated.FieldFilterOperations</c>. The generated loop for such a parameter is swapped
/// for a call to the SDK's <c>DeepObjectQuery.Append</c>, which writes <c>filter[price][gte]=10</c>.
/// </summary>
/// <remarks>
/// A textual swap of one generated statement (as for the enum converter): NSwag's query template has no hook for the
/// style, and overriding its whole client template would tie us to every detail of it. A generated loop that no longer
/// looks as expected fails the generation rather than shipping the broken form.
/// </remarks>
public static class DeepObjectParameters
{
    private static readonly string[] Methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

    /// <summary>The C# variable name → the query name of every deepObject query parameter of the document.</summary>
    public static IReadOnlyDictionary<string, string> Find(JsonObject document)
    {
        var found = new SortedDictionary<string, string>(StringComparer.Ordinal);
        var others = new HashSet<string>(StringComparer.Ordinal);
        if (document["paths"] is not JsonObject paths) return found;
        foreach (var (_, itemNode) in paths)
        {
            if (itemNode is not JsonObject item) continue;
            foreach (var method in Methods)
            {
                if (item[method] is not JsonObject operation || operation["parameters"] is not JsonArray parameters) continue;
                foreach (var parameter in parameters.OfType<JsonObject>())
                {
                    if (parameter["in"]?.GetValue<string>() != "query" || parameter["name"]?.GetValue<string>() is not { } name) continue;
                    var variable = ParameterNames.ToCamelIdentifier(name);
                    if (parameter["style"]?.GetValue<string>() == "deepObject") found[variable] = name;
                    else others.Add(variable);
                }
            }
        }
        // The swap is by variable name: one name must not be a deepObject in one operation and a plain query value in another.
        foreach (var variable in found.Keys.Where(others.Contains))
            throw new InvalidDataException($"The query parameter '{found[variable]}' is a deepObject in one operation and not in another; the generator cannot tell their loops apart.");
        return found;
    }

    /// <summary>The generated client with every deepObject parameter's loop replaced by the SDK's serializer.</summary>
    public static string Apply(string client, IReadOnlyDictionary<string, string> parameters)
    {
        foreach (var (variable, name) in parameters)
        {
            var loop = new Regex(
                @"foreach \(var item_ in " + Regex.Escape(variable) + @"\) \{ urlBuilder_\.Append\(System\.Uri\.EscapeDataString\(item_\.Key\)\)\.Append\('='\)\.Append\(System\.Uri\.EscapeDataString\(ConvertToString\(item_\.Value, System\.Globalization\.CultureInfo\.InvariantCulture\)\)\)\.Append\('&'\); \}",
                RegexOptions.CultureInvariant);
            if (!loop.IsMatch(client))
                throw new InvalidDataException($"The generated query loop of the deepObject parameter '{name}' was not found: NSwag's output changed, update {nameof(DeepObjectParameters)}.");
            client = loop.Replace(client, $"global::Verso.Client.Serialization.DeepObjectQuery.Append(urlBuilder_, \"{name}\", {variable});");
        }
        return client;
    }
}
