using System.Globalization;
using System.Security.Cryptography;
using System.Text;

namespace Verso.Consumer;

/// <summary>
/// A webhook delivery as the Verso server sends it: the JSON body plus X-Verso-Signature (sha256=hex HMAC of the body)
/// and the Standard Webhooks headers (webhook-signature v1 = base64 HMAC of "id.timestamp.body"), both keyed with the
/// endpoint secret's UTF-8 bytes (server/src/services/webhooks/delivery-signature.ts).
/// </summary>
/// <remarks>
/// It stands in for the server's sender because a Verso server never delivers to loopback (its egress policy refuses
/// private and loopback addresses by design), so it cannot reach this app on the test machine. The body names the
/// real ids the server just published; the secret is the one the server issued for the registered endpoint. That
/// the SDK verifies deliveries the real server sent, byte for byte, is tested on captured deliveries
/// (tests/Verso.Client.Tests/Webhooks/WebhookCapturedDeliveryTests.cs).
/// </remarks>
public sealed record Delivery(byte[] Body, IReadOnlyDictionary<string, string> Headers)
{
    public static Delivery ContentVersionPublished(string secret, Guid item, Guid workspace, Guid templateVersion, Guid version, int number)
    {
        var body = Encoding.UTF8.GetBytes(
            $$"""{"contentItemId":"{{item}}","workspaceId":"{{workspace}}","templateVersionId":"{{templateVersion}}","contentVersionId":"{{version}}","versionNumber":{{number}},"status":"Published"}""");
        var id = Guid.NewGuid().ToString();
        var timestamp = DateTimeOffset.UtcNow.ToUnixTimeSeconds().ToString(CultureInfo.InvariantCulture);
        var key = Encoding.UTF8.GetBytes(secret);
        byte[] signedContent = [.. Encoding.UTF8.GetBytes($"{id}.{timestamp}."), .. body];
        var standard = HMACSHA256.HashData(key, signedContent);
        return new Delivery(body, new Dictionary<string, string>
        {
            ["Content-Type"] = "application/json",
            ["X-Verso-Event"] = "content.version_published",
            ["X-Verso-Event-Id"] = id,
            ["X-Verso-Signature"] = "sha256=" + Convert.ToHexString(HMACSHA256.HashData(key, body)).ToLowerInvariant(),
            ["webhook-id"] = id,
            ["webhook-timestamp"] = timestamp,
            ["webhook-signature"] = "v1," + Convert.ToBase64String(standard),
        });
    }
}
