using System.Text.Json;

namespace Verso.Client.Errors;

/// <summary>Reads a problem body leniently: a non-JSON, empty or odd body yields a problem built from the status line,
/// never a parse exception (the caller must see the API error, not a JSON error).</summary>
internal static class ProblemDetailsReader
{
    private static readonly HashSet<string> KnownMembers =
        new(StringComparer.Ordinal) { "type", "title", "status", "detail", "instance", "traceId", "correlationId", "errors" };

    private static readonly IReadOnlyDictionary<string, IReadOnlyList<string>> NoErrors = new Dictionary<string, IReadOnlyList<string>>();
    private static readonly IReadOnlyDictionary<string, JsonElement> NoExtensions = new Dictionary<string, JsonElement>();

    public static VersoProblemDetails Read(ReadOnlySpan<byte> body, int status, string? reasonPhrase)
    {
        var fallback = new VersoProblemDetails(null, reasonPhrase, status, null, null, null, null, NoErrors, NoExtensions);
        if (body.IsEmpty) return fallback;
        try
        {
            using var doc = JsonDocument.Parse(body.ToArray());
            if (doc.RootElement.ValueKind != JsonValueKind.Object) return fallback;
            var root = doc.RootElement;
            var extensions = new Dictionary<string, JsonElement>(StringComparer.Ordinal);
            foreach (var member in root.EnumerateObject())
            {
                if (!KnownMembers.Contains(member.Name)) extensions[member.Name] = member.Value.Clone();
            }
            return new VersoProblemDetails(
                Type: String(root, "type"),
                Title: String(root, "title") ?? reasonPhrase,
                // The HTTP status is the truth; a body that claims another status does not change it.
                Status: status,
                Detail: String(root, "detail"),
                Instance: String(root, "instance"),
                TraceId: String(root, "traceId"),
                CorrelationId: String(root, "correlationId"),
                Errors: ReadErrors(root),
                Extensions: extensions);
        }
        catch (JsonException)
        {
            return fallback;
        }
    }

    private static string? String(JsonElement root, string name) =>
        root.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() : null;

    private static IReadOnlyDictionary<string, IReadOnlyList<string>> ReadErrors(JsonElement root)
    {
        if (!root.TryGetProperty("errors", out var errors) || errors.ValueKind != JsonValueKind.Object) return NoErrors;
        var result = new Dictionary<string, IReadOnlyList<string>>(StringComparer.Ordinal);
        foreach (var entry in errors.EnumerateObject())
        {
            result[entry.Name] = entry.Value.ValueKind switch
            {
                JsonValueKind.Array => entry.Value.EnumerateArray()
                    .Select(m => m.ValueKind == JsonValueKind.String ? m.GetString()! : m.GetRawText()).ToList(),
                JsonValueKind.String => [entry.Value.GetString()!],
                _ => [entry.Value.GetRawText()],
            };
        }
        return result;
    }
}
