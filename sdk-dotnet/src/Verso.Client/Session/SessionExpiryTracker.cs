using System.Globalization;

namespace Verso.Client.Session;

/// <summary>
/// Remembers the newest X-Session-Expires-At a client has seen. The API slides a session's expiry and reports it on
/// responses to session-authenticated requests; an app uses it to warn before the session ends.
/// </summary>
/// <remarks>
/// One tracker belongs to one <see cref="VersoClient"/>, and a client is built per user scope (a user's circuit or
/// request), so concurrent scopes never see each other's expiry. Responses can arrive out of order (retries,
/// parallel calls), so a value only ever moves forward: an older timestamp never replaces a newer one.
/// </remarks>
public sealed class SessionExpiryTracker
{
    /// <summary>The response header that carries the session's new expiry (ISO 8601 with offset).</summary>
    public const string HeaderName = "X-Session-Expires-At";

    // UTC ticks of the newest expiry, 0 = none seen; updated lock-free because many calls may report at once.
    private long _utcTicks;

    /// <summary>The newest session expiry seen, or null when no response has carried one.</summary>
    public DateTimeOffset? ExpiresAt
    {
        get
        {
            var ticks = Interlocked.Read(ref _utcTicks);
            return ticks == 0 ? null : new DateTimeOffset(ticks, TimeSpan.Zero);
        }
    }

    /// <summary>Reads the header from a response; ignores responses without it or with an unreadable value.</summary>
    public void Observe(HttpResponseMessage response)
    {
        if (!response.Headers.TryGetValues(HeaderName, out var values)) return;
        foreach (var raw in values)
        {
            if (DateTimeOffset.TryParse(raw, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var value))
                Record(value);
        }
    }

    /// <summary>Records an expiry if it is newer than the one held.</summary>
    public void Record(DateTimeOffset expiresAt)
    {
        var candidate = expiresAt.UtcTicks;
        var current = Interlocked.Read(ref _utcTicks);
        while (candidate > current)
        {
            var seen = Interlocked.CompareExchange(ref _utcTicks, candidate, current);
            if (seen == current) return;
            current = seen;
        }
    }
}
