namespace Verso.Client.Caching;

/// <summary>
/// Revalidation of cached delivery reads (issue #27): the API answers by-slug and the content list with a strong
/// ETag and answers <c>If-None-Match</c> naming it with 304 while what it serves is unchanged. The cache remembers the
/// last tag and value of each key here, apart from the entries (so an expired or invalidated entry can still be
/// revalidated), and sends the tag on the next fetch: a 304 brings the remembered value back without a body. Only
/// the API decides whether a tag is current, so a remembered tag needs no lifetime; the count is bounded (least
/// recently used first).
/// </summary>
internal sealed class DeliveryValidators
{
    internal const int Capacity = 1024;
    private readonly object _gate = new();
    private readonly Dictionary<string, LinkedListNode<(string Key, string ETag, object Value)>> _byKey = new(StringComparer.Ordinal);
    private readonly LinkedList<(string Key, string ETag, object Value)> _order = new();

    public bool TryGet(string key, out string etag, out object value)
    {
        lock (_gate)
        {
            if (_byKey.TryGetValue(key, out var node))
            {
                _order.Remove(node);
                _order.AddLast(node);
                (etag, value) = (node.Value.ETag, node.Value.Value);
                return true;
            }
        }
        (etag, value) = (string.Empty, null!);
        return false;
    }

    public void Set(string key, string etag, object value)
    {
        lock (_gate)
        {
            if (_byKey.Remove(key, out var old)) _order.Remove(old);
            _byKey[key] = _order.AddLast((key, etag, value));
            while (_byKey.Count > Capacity && _order.First is { } oldest)
            {
                _order.RemoveFirst();
                _byKey.Remove(oldest.Value.Key);
            }
        }
    }
}

/// <summary>The ETag of the final response of the fetch running in this async flow (set by
/// <see cref="ResponseTagCaptureHandler"/>); how the cache pairs a generated method's result with its tag.</summary>
internal sealed class ResponseTagCapture
{
    private static readonly AsyncLocal<ResponseTagCapture?> Ambient = new();

    public string? ETag { get; set; }

    public static ResponseTagCapture? Current => Ambient.Value;

    /// <summary>Starts capturing for the calling async method and what it awaits.</summary>
    public static ResponseTagCapture Begin()
    {
        var capture = new ResponseTagCapture();
        Ambient.Value = capture;
        return capture;
    }
}

/// <summary>Hands the ETag of a successful final response to the capture of the flow that sent it, if any. Sits
/// outside the retry handler, so only the response the call returns is seen.</summary>
internal sealed class ResponseTagCaptureHandler : DelegatingHandler
{
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var response = await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        if (response.IsSuccessStatusCode && ResponseTagCapture.Current is { } capture)
        {
            capture.ETag = response.Headers.ETag?.ToString()
                ?? (response.Headers.TryGetValues("ETag", out var raw) ? raw.FirstOrDefault() : null);
        }
        return response;
    }
}
