using System.Text.Json;
using System.Text.Json.Nodes;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.Contract;

/// <summary>One operation of the contract with a schema-valid example input (see contract-examples.mjs).</summary>
public sealed record OperationExample(string OperationId, string Method, string Path, IReadOnlyList<string> Tags, JsonObject Input, IReadOnlyList<string> Problems);

/// <summary>The operations of openapi/dist/openapi.json and their example inputs.</summary>
public static class ContractExamples
{
    private static readonly string[] Methods = ["get", "put", "post", "delete", "patch", "head", "options"];

    /// <summary>(operationId, tags) read straight from the contract: test discovery needs no node.</summary>
    public static IReadOnlyList<(string OperationId, string[] Tags)> Operations { get; } = ReadOperations();

    private static List<(string, string[])> ReadOperations()
    {
        using var document = JsonDocument.Parse(File.ReadAllText(SdkPaths.ContractDocument));
        var result = new List<(string, string[])>();
        foreach (var item in document.RootElement.GetProperty("paths").EnumerateObject())
        {
            foreach (var method in Methods)
            {
                if (!item.Value.TryGetProperty(method, out var operation)) continue;
                var tags = operation.TryGetProperty("tags", out var t) ? t.EnumerateArray().Select(x => x.GetString()!).ToArray() : [];
                result.Add((operation.GetProperty("operationId").GetString()!, tags));
            }
        }
        return result.OrderBy(o => o.Item1, StringComparer.Ordinal).ToList();
    }

    /// <summary>
    /// Builds every example with the TypeScript SDK's Ajv-checked example builder, so both SDKs send Prism the same
    /// requests and a new operation is covered without test changes.
    /// </summary>
    public static async Task<IReadOnlyDictionary<string, OperationExample>> LoadAsync()
    {
        var script = Path.Combine(SdkPaths.SdkRoot, "tests", "Verso.Client.Tests", "Contract", "contract-examples.mjs");
        var json = await NodeTools.RunTsxAsync(script, TimeSpan.FromMinutes(2));
        var root = JsonNode.Parse(json)!.AsObject();
        var result = new Dictionary<string, OperationExample>(StringComparer.Ordinal);
        foreach (var (id, node) in root)
        {
            var o = node!.AsObject();
            result[id] = new OperationExample(
                id,
                o["method"]!.GetValue<string>(),
                o["path"]!.GetValue<string>(),
                o["tags"]!.AsArray().Select(t => t!.GetValue<string>()).ToList(),
                o["input"]!.AsObject(),
                o["problems"]!.AsArray().Select(p => p!.GetValue<string>()).ToList());
        }
        return result;
    }
}
