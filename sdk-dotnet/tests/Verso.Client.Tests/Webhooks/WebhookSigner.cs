using System.Security.Cryptography;
using System.Text;

namespace Verso.Client.Tests.Webhooks;

/// <summary>Signs a delivery the way the server does (server/src/services/webhooks/delivery-signature.ts), written
/// independently of the SDK: X-Verso-Signature = sha256=hex(HMAC(body)), webhook-signature = v1,base64(HMAC("id.t.body")),
/// key = the secret's UTF-8 bytes.</summary>
internal static class WebhookSigner
{
    public const string Secret = "whsec_dGhpcy1pcy1hLXRlc3Qtc2VjcmV0LW9mLTMyLWJ5dGVzIQ";
    public const string EventId = "01a215cd-7901-7889-a4e4-e96e59d6b78d";
    public const long Timestamp = 1_795_662_117;

    /// <summary>A content.created body as the server writes it: the event's type and id, then its data.</summary>
    public static readonly byte[] Body = Typed(
        "{\"contentItemId\":\"01a215cd-78f5-7374-a8bb-fb5f5204d6fd\",\"workspaceId\":\"f8fffc51-9c39-4644-bead-3750824317ee\"," +
        "\"templateVersionId\":\"01a215cd-7862-72e6-b4d1-b640f15b81a8\",\"contentVersionId\":null,\"versionNumber\":null,\"status\":null}");

    /// <summary>The server's body for an event: <paramref name="data"/> (a JSON object) with the event's type and id
    /// first, the members both signatures cover.</summary>
    public static byte[] Typed(string data, string type = "content.created", string id = EventId)
    {
        if (!data.StartsWith('{')) throw new ArgumentException("data must be a JSON object", nameof(data));
        var rest = data[1..].TrimStart();
        return Encoding.UTF8.GetBytes($"{{\"type\":\"{type}\",\"id\":\"{id}\"{(rest.StartsWith('}') ? "" : ",")}{rest}");
    }

    public static string StandardMac(string secret, string id, long timestamp, byte[] body) =>
        Convert.ToBase64String(HMACSHA256.HashData(Encoding.UTF8.GetBytes(secret), Encoding.UTF8.GetBytes($"{id}.{timestamp}.").Concat(body).ToArray()));

    /// <summary>The headers of one attempt, in the server's casing.</summary>
    public static Dictionary<string, string> Sign(byte[]? body = null, string secret = Secret, string id = EventId, long timestamp = Timestamp, string type = "content.created")
    {
        body ??= Body;
        var hex = Convert.ToHexString(HMACSHA256.HashData(Encoding.UTF8.GetBytes(secret), body)).ToLowerInvariant();
        return new Dictionary<string, string>
        {
            ["Content-Type"] = "application/json",
            ["X-Verso-Event"] = type,
            ["X-Verso-Event-Id"] = id,
            ["X-Verso-Signature"] = "sha256=" + hex,
            ["webhook-id"] = id,
            ["webhook-timestamp"] = timestamp.ToString(System.Globalization.CultureInfo.InvariantCulture),
            ["webhook-signature"] = "v1," + StandardMac(secret, id, timestamp, body),
        };
    }

    public static Dictionary<string, string> With(this Dictionary<string, string> headers, string name, string value)
    {
        var copy = headers.Without(name);
        copy[name] = value;
        return copy;
    }

    public static Dictionary<string, string> Without(this Dictionary<string, string> headers, params string[] names) =>
        headers.Where(h => !names.Contains(h.Key, StringComparer.OrdinalIgnoreCase)).ToDictionary(h => h.Key, h => h.Value);
}
