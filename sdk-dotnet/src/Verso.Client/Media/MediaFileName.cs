using System.Net.Http.Headers;

namespace Verso.Client.Media;

/// <summary>The file name a download's Content-Disposition carries (RFC 6266).</summary>
internal static class MediaFileName
{
    /// <summary>
    /// <c>filename*</c> (RFC 5987, UTF-8, the real name) wins over <c>filename</c> (the server's ASCII fallback, with
    /// quotes and controls replaced); null when the header or both parameters are missing.
    /// </summary>
    public static string? From(ContentDispositionHeaderValue? disposition)
    {
        if (disposition is null) return null;
        if (!string.IsNullOrEmpty(disposition.FileNameStar)) return disposition.FileNameStar;
        var plain = disposition.FileName;
        if (string.IsNullOrEmpty(plain)) return null;
        // The header value keeps a quoted-string's quotes and backslash escapes; the name is what is inside.
        if (plain.Length >= 2 && plain[0] == '"' && plain[^1] == '"')
            plain = plain[1..^1].Replace("\\\"", "\"").Replace("\\\\", "\\");
        return plain;
    }
}
