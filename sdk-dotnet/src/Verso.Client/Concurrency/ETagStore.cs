using System.Collections.Concurrent;

namespace Verso.Client.Concurrency;

/// <summary>
/// The ETags a client has seen, per resource URL (scheme, host, port and path; the query is ignored, so a read with
/// <c>?expandChildren=false</c> and the write to the same resource share one tag).
/// </summary>
/// <remarks>The generated methods return bodies, not headers, so this is where the tag of a read lands; the next write
/// to the same URL sends it as If-Match unless the call passes its own <c>ifMatch</c>.</remarks>
public sealed class ETagStore
{
    private readonly ConcurrentDictionary<string, string> _tags = new(StringComparer.Ordinal);

    /// <summary>The tag last seen for this URL (absolute, or relative to the client's base URL), or null.</summary>
    public string? Get(Uri url) => _tags.TryGetValue(KeyOf(url), out var tag) ? tag : null;

    /// <summary>Records <paramref name="etag"/> as the tag of <paramref name="url"/>, replacing an older one; a null or
    /// blank tag changes nothing (a response without an ETag says nothing about the resource's version).</summary>
    /// <param name="url">The resource URL (absolute; its query is ignored).</param>
    /// <param name="etag">The ETag exactly as the server sent it, quotes included.</param>
    public void Set(Uri url, string? etag)
    {
        if (string.IsNullOrWhiteSpace(etag)) return;
        _tags[KeyOf(url)] = etag;
    }

    /// <summary>Forgets the tag of <paramref name="url"/>, so the next write to it carries no If-Match unless the call
    /// passes one (for example after the resource was deleted).</summary>
    /// <param name="url">The resource URL (absolute; its query is ignored).</param>
    public void Remove(Uri url) => _tags.TryRemove(KeyOf(url), out _);

    /// <summary>Forgets every tag (for example when the client switches to another user's session).</summary>
    public void Clear() => _tags.Clear();

    internal static string KeyOf(Uri url)
    {
        if (!url.IsAbsoluteUri) throw new ArgumentException("An absolute URL is required.", nameof(url));
        return url.GetLeftPart(UriPartial.Path);
    }
}
