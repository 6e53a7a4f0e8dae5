using System.Text;
using System.Text.Json;
using System.Text.RegularExpressions;
using Verso.Client.Webhooks;

namespace Verso.Client.Generated;

// NSwag's documented per-request hook (a partial method the generated client declares and calls before sending).
public partial class VersoApiClient
{
    private static readonly byte[] JsonNull = Encoding.ASCII.GetBytes("null");

    // createWebhookEndpoint (POST …/webhooks) and updateWebhookEndpoint (PUT …/webhooks/{id}), as the generated code
    // builds their relative URLs.
    private static readonly Regex WebhookCollection = new("^api/v1/workspaces/[^/?]+/webhooks$", RegexOptions.CultureInvariant);
    private static readonly Regex WebhookEndpoint = new("^api/v1/workspaces/[^/?]+/webhooks/[^/?]+$", RegexOptions.CultureInvariant);

    /// <summary>The generated client's JSON settings, for hand-written operations that read the same models.</summary>
    internal JsonSerializerOptions JsonOptions => JsonSerializerSettings;

    partial void PrepareRequest(HttpClient client, HttpRequestMessage request, string url)
    {
        // An optional body the caller leaves out is serialized by the generated code as the JSON literal `null`. The
        // contract means "no body" there (e.g. upgrade-template-version without fields: no Content-Type, zero length),
        // and a required body is never null (the generated code throws first), so `null` is dropped.
        if (request.Content is ByteArrayContent content && content.Headers.ContentLength == JsonNull.Length)
        {
            using var stream = content.ReadAsStream();
            var bytes = new byte[JsonNull.Length];
            if (stream.Read(bytes, 0, bytes.Length) == bytes.Length && bytes.AsSpan().SequenceEqual(JsonNull))
            {
                request.Content = null;
                content.Dispose();
            }
        }

        ValidateWebhookUrl(request, url);
    }

    /// <summary>
    /// Spec item 35: a webhook endpoint's URL is checked before a create or update is sent, so an unsafe URL is an
    /// ArgumentException and the transport sees no request. The typed body is not visible here (the generated methods
    /// are not partial), so its serialized JSON is read back: an in-memory buffer, cheap next to the round trip saved.
    /// </summary>
    private static void ValidateWebhookUrl(HttpRequestMessage request, string url)
    {
        var isWebhookWrite = (request.Method == HttpMethod.Post && WebhookCollection.IsMatch(url))
            || (request.Method == HttpMethod.Put && WebhookEndpoint.IsMatch(url));
        if (!isWebhookWrite || request.Content is not ByteArrayContent body) return;

        using var stream = body.ReadAsStream();
        string? target = null;
        using (var json = JsonDocument.Parse(stream))
        {
            if (json.RootElement.ValueKind == JsonValueKind.Object
                && json.RootElement.TryGetProperty("url", out var value)
                && value.ValueKind == JsonValueKind.String)
            {
                target = value.GetString();
            }
        }
        VersoWebhookUrl.Validate(target, "body");
    }
}
