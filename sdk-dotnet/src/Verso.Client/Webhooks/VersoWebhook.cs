using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Text.RegularExpressions;

namespace Verso.Client.Webhooks;

/// <summary>
/// The receiver's side of Verso webhooks: checks that a delivery was signed with the endpoint's secret over the exact
/// bytes received, and that it is recent, before it is trusted.
/// </summary>
/// <remarks>
/// Wire format (root README, "Webhooks"): <c>X-Verso-Signature: sha256=&lt;lowercase hex HMAC-SHA256(body)&gt;</c>, and
/// the Standard Webhooks headers <c>webhook-id</c>, <c>webhook-timestamp</c> (Unix seconds of the attempt) and
/// <c>webhook-signature: v1,&lt;base64 HMAC-SHA256("id.timestamp.body")&gt;</c> (space-separated when there are several).
/// The key of both HMACs is the secret's UTF-8 bytes, the whole string, <c>whsec_</c> included (not the Standard
/// Webhooks libraries' default base64 reading of it). MACs are compared with
/// <see cref="CryptographicOperations.FixedTimeEquals"/>, so the time taken says nothing about how much of a forged
/// signature was right.
/// <para>Both signatures must match: X-Verso-Signature always, and one of webhook-signature's <c>v1,</c> entries, with
/// webhook-timestamp within <see cref="VersoWebhookOptions.Tolerance"/> of now (see
/// <see cref="VersoWebhookOptions.RequireStandardSignature"/> for deliveries without those headers). A refused
/// delivery throws <see cref="VersoWebhookException"/>; wrong arguments (no secret, no headers) throw
/// <see cref="ArgumentException"/>.</para>
/// <para>The event's type and id are read from the signed body's <c>type</c> and <c>id</c> members, never from the
/// unsigned X-Verso-Event / X-Verso-Event-Id headers: a header that disagrees with the body throws
/// <see cref="VersoWebhookFailure.HeaderMismatch"/> (a captured delivery relabelled with another type is refused), and
/// a verified body without them (an older server's) throws <see cref="VersoWebhookFailure.UntypedPayload"/>, since its
/// type could only come from a header.</para>
/// <para>Headers: an ASP.NET Core <c>IHeaderDictionary</c> (<c>request.Headers</c>), <c>HttpHeaders</c>, any
/// dictionary of strings or of string lists with keys in any case, or a lookup function.</para>
/// </remarks>
public static partial class VersoWebhook
{
    private const int MacLength = 32;

    /// <summary>Verifies a delivery whose headers are name/value strings (any key case).</summary>
    public static VersoWebhookEvent Verify(ReadOnlySpan<byte> body, IEnumerable<KeyValuePair<string, string>> headers, string secret, VersoWebhookOptions? options = null) =>
        Core(body, WebhookHeaders.From(NotNull(headers)), Secrets([secret]), options);

    /// <summary>Verifies a delivery whose headers are name/value strings, accepting any of several secrets (rotation).</summary>
    public static VersoWebhookEvent Verify(ReadOnlySpan<byte> body, IEnumerable<KeyValuePair<string, string>> headers, IEnumerable<string> secrets, VersoWebhookOptions? options = null) =>
        Core(body, WebhookHeaders.From(NotNull(headers)), Secrets(secrets), options);

    /// <summary>Verifies a delivery whose headers carry lists of values: ASP.NET Core's <c>IHeaderDictionary</c>
    /// (values are <c>StringValues</c>), <c>HttpHeaders</c>, <c>IDictionary&lt;string, string[]&gt;</c>.</summary>
    public static VersoWebhookEvent Verify<TValues>(ReadOnlySpan<byte> body, IEnumerable<KeyValuePair<string, TValues>> headers, string secret, VersoWebhookOptions? options = null)
        where TValues : IEnumerable<string?> =>
        Core(body, WebhookHeaders.From(NotNull(headers)), Secrets([secret]), options);

    /// <summary>As above, accepting any of several secrets (rotation).</summary>
    public static VersoWebhookEvent Verify<TValues>(ReadOnlySpan<byte> body, IEnumerable<KeyValuePair<string, TValues>> headers, IEnumerable<string> secrets, VersoWebhookOptions? options = null)
        where TValues : IEnumerable<string?> =>
        Core(body, WebhookHeaders.From(NotNull(headers)), Secrets(secrets), options);

    /// <summary>Verifies a delivery whose headers are read by a case-insensitive lookup (e.g. a
    /// <c>NameValueCollection</c>: <c>name =&gt; request.Headers[name]</c>).</summary>
    public static VersoWebhookEvent Verify(ReadOnlySpan<byte> body, Func<string, string?> header, string secret, VersoWebhookOptions? options = null) =>
        Core(body, WebhookHeaders.From(NotNull(header)), Secrets([secret]), options);

    /// <summary>As above, accepting any of several secrets (rotation).</summary>
    public static VersoWebhookEvent Verify(ReadOnlySpan<byte> body, Func<string, string?> header, IEnumerable<string> secrets, VersoWebhookOptions? options = null) =>
        Core(body, WebhookHeaders.From(NotNull(header)), Secrets(secrets), options);

    [GeneratedRegex("^sha256=([0-9a-fA-F]{64})$", RegexOptions.CultureInvariant)]
    private static partial Regex VersoSignature();

    [GeneratedRegex("^v1,([A-Za-z0-9+/]{43}=)$", RegexOptions.CultureInvariant)]
    private static partial Regex StandardSignature();

    [GeneratedRegex("^[0-9]{1,12}$", RegexOptions.CultureInvariant)]
    private static partial Regex UnixSeconds();

    private static T NotNull<T>(T value) where T : class =>
        value ?? throw new ArgumentNullException("headers", "VersoWebhook.Verify needs the request headers.");

    private static byte[][] Secrets(IEnumerable<string> secrets)
    {
        ArgumentNullException.ThrowIfNull(secrets);
        var keys = secrets.Select(s => string.IsNullOrEmpty(s)
            ? throw new ArgumentException("VersoWebhook.Verify needs the endpoint's signing secret (a non-empty string).", nameof(secrets))
            : Encoding.UTF8.GetBytes(s)).ToArray();
        if (keys.Length == 0) throw new ArgumentException("VersoWebhook.Verify needs at least one signing secret.", nameof(secrets));
        return keys;
    }

    private sealed record StandardHeaders(string Id, long Timestamp, List<byte[]> Signatures);

    private static StandardHeaders? ReadStandard(WebhookHeaders headers, bool required)
    {
        if (!required && headers.Get("webhook-id") is null && headers.Get("webhook-timestamp") is null && headers.Get("webhook-signature") is null)
        {
            return null;
        }
        var id = headers.Require("webhook-id");
        var timestamp = headers.Require("webhook-timestamp");
        var signature = headers.Require("webhook-signature");
        if (!UnixSeconds().IsMatch(timestamp))
        {
            throw new VersoWebhookException(VersoWebhookFailure.MalformedHeader, "webhook-timestamp is not a whole number of Unix seconds.", "webhook-timestamp");
        }
        // Entries of other versions (v1a, …) are skipped, as the Standard Webhooks spec says.
        var signatures = signature.Split(' ', StringSplitOptions.RemoveEmptyEntries)
            .Select(entry => StandardSignature().Match(entry))
            .Where(m => m.Success)
            .Select(m => Convert.FromBase64String(m.Groups[1].Value))
            .ToList();
        if (signatures.Count == 0)
        {
            throw new VersoWebhookException(VersoWebhookFailure.MalformedHeader, "webhook-signature carries no \"v1,<base64 HMAC-SHA256>\" signature.", "webhook-signature");
        }
        return new StandardHeaders(id, long.Parse(timestamp, System.Globalization.CultureInfo.InvariantCulture), signatures);
    }

    private static VersoWebhookEvent Core(ReadOnlySpan<byte> body, WebhookHeaders headers, byte[][] keys, VersoWebhookOptions? options)
    {
        options ??= new VersoWebhookOptions();
        if (options.Tolerance < TimeSpan.Zero) throw new ArgumentOutOfRangeException(nameof(options), "Tolerance must not be negative.");
        ArgumentNullException.ThrowIfNull(options.TimeProvider);

        var type = headers.Require("x-verso-event"); // not signed: compared with the body's type below
        var versoMatch = VersoSignature().Match(headers.Require("x-verso-signature"));
        if (!versoMatch.Success)
        {
            throw new VersoWebhookException(VersoWebhookFailure.MalformedHeader, "X-Verso-Signature is not \"sha256=<64 hex digits>\".", "x-verso-signature");
        }
        var standard = ReadStandard(headers, options.RequireStandardSignature);
        var eventId = headers.Get("x-verso-event-id");
        if (eventId is not null && standard is not null && !string.Equals(eventId, standard.Id, StringComparison.Ordinal))
        {
            throw new VersoWebhookException(VersoWebhookFailure.EventIdMismatch, "X-Verso-Event-Id differs from the signed webhook-id.", "x-verso-event-id");
        }
        if ((standard?.Id ?? eventId) is null)
        {
            throw new VersoWebhookException(VersoWebhookFailure.MissingHeader, "The X-Verso-Event-Id header is missing.", "x-verso-event-id");
        }

        var versoMac = Convert.FromHexString(versoMatch.Groups[1].Value);
        var prefix = standard is null ? [] : Encoding.UTF8.GetBytes($"{standard.Id}.{standard.Timestamp}.");
        Span<byte> mac = stackalloc byte[MacLength];
        bool versoMatched = false, standardMatched = false;
        // One secret must account for both signatures: the server signs both with the same key.
        foreach (var key in keys)
        {
            HMACSHA256.HashData(key, body, mac);
            if (!CryptographicOperations.FixedTimeEquals(mac, versoMac)) continue;
            versoMatched = true;
            if (standard is null) break;
            using (var hmac = IncrementalHash.CreateHMAC(HashAlgorithmName.SHA256, key))
            {
                hmac.AppendData(prefix);
                hmac.AppendData(body);
                hmac.GetHashAndReset(mac);
            }
            foreach (var offered in standard.Signatures)
            {
                if (CryptographicOperations.FixedTimeEquals(mac, offered)) standardMatched = true;
            }
            if (standardMatched) break;
        }
        if (!versoMatched)
        {
            throw new VersoWebhookException(VersoWebhookFailure.SignatureMismatch, "X-Verso-Signature does not match the body under the secret.", "x-verso-signature");
        }
        if (standard is not null && !standardMatched)
        {
            throw new VersoWebhookException(VersoWebhookFailure.SignatureMismatch, "No webhook-signature entry matches the signed content under the secret.", "webhook-signature");
        }

        DateTimeOffset? signedAt = null;
        if (standard is not null)
        {
            signedAt = DateTimeOffset.FromUnixTimeSeconds(standard.Timestamp);
            var age = options.TimeProvider.GetUtcNow() - signedAt.Value;
            if (age > options.Tolerance)
            {
                throw new VersoWebhookException(VersoWebhookFailure.TimestampTooOld,
                    $"webhook-timestamp is {Math.Floor(age.TotalSeconds)} s old, beyond the {options.Tolerance.TotalSeconds} s tolerance.", "webhook-timestamp");
            }
            if (-age > options.Tolerance)
            {
                throw new VersoWebhookException(VersoWebhookFailure.TimestampInFuture,
                    $"webhook-timestamp is {Math.Ceiling(-age.TotalSeconds)} s in the future, beyond the {options.Tolerance.TotalSeconds} s tolerance.", "webhook-timestamp");
            }
        }

        var payload = ParsePayload(body);
        var (boundType, boundId) = BoundEvent(payload, type, eventId, standard?.Id);
        return new VersoWebhookEvent(boundId, boundType, payload, signedAt);
    }

    private static JsonElement ParsePayload(ReadOnlySpan<byte> body)
    {
        var invalid = new VersoWebhookException(VersoWebhookFailure.InvalidPayload, "The signed body is not UTF-8 JSON.");
        if (!System.Text.Unicode.Utf8.IsValid(body)) throw invalid;
        JsonElement root;
        try
        {
            using var document = JsonDocument.Parse(body.ToArray());
            root = document.RootElement.Clone();
        }
        catch (JsonException)
        {
            throw invalid;
        }
        if (root.ValueKind != JsonValueKind.Object)
        {
            throw new VersoWebhookException(VersoWebhookFailure.InvalidPayload, "The signed body is not a JSON object.");
        }
        return root;
    }

    /// <summary>The event's type and id from the signed body, checked against the headers that repeat them.</summary>
    private static (string Type, string Id) BoundEvent(JsonElement payload, string typeHeader, string? eventIdHeader, string? webhookId)
    {
        static string? Member(JsonElement payload, string name) =>
            payload.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String && value.GetString() is { Length: > 0 } text ? text : null;

        var type = Member(payload, "type");
        var id = Member(payload, "id");
        if (type is null || id is null)
        {
            throw new VersoWebhookException(VersoWebhookFailure.UntypedPayload,
                "The signed body carries no event type and id (a server older than this SDK expects), so its type cannot be trusted.");
        }
        static VersoWebhookException Mismatch(string header, string what) =>
            new(VersoWebhookFailure.HeaderMismatch, $"The {header} header differs from the {what} in the signed body.", header);
        if (!string.Equals(typeHeader, type, StringComparison.Ordinal)) throw Mismatch("x-verso-event", "event type");
        if (webhookId is not null && !string.Equals(webhookId, id, StringComparison.Ordinal)) throw Mismatch("webhook-id", "event id");
        if (eventIdHeader is not null && !string.Equals(eventIdHeader, id, StringComparison.Ordinal)) throw Mismatch("x-verso-event-id", "event id");
        return (type, id);
    }
}
