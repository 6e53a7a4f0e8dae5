namespace Verso.Client.Webhooks;

/// <summary>
/// The delivery headers the verifier reads, collected case-insensitively from whatever the host framework hands over.
/// A header given more than once (two keys differing in case, or several values) is refused rather than picked from:
/// the server sends each once, so a second copy was added on the way.
/// </summary>
internal sealed class WebhookHeaders
{
    internal static readonly string[] Names =
    [
        "x-verso-event", "x-verso-event-id", "x-verso-signature", "webhook-id", "webhook-timestamp", "webhook-signature",
    ];

    private readonly Dictionary<string, List<string>> _values = new(StringComparer.OrdinalIgnoreCase);
    private readonly Func<string, string?>? _lookup;

    private WebhookHeaders(Func<string, string?>? lookup) => _lookup = lookup;

    internal static WebhookHeaders From(Func<string, string?> lookup) => new(lookup);

    internal static WebhookHeaders From(IEnumerable<KeyValuePair<string, string>> headers)
    {
        var result = new WebhookHeaders(null);
        foreach (var (name, value) in headers) result.Add(name, value);
        return result;
    }

    internal static WebhookHeaders From<TValues>(IEnumerable<KeyValuePair<string, TValues>> headers)
        where TValues : IEnumerable<string?>
    {
        var result = new WebhookHeaders(null);
        foreach (var (name, values) in headers)
        {
            if (values is null) continue;
            foreach (var value in values) result.Add(name, value);
        }
        return result;
    }

    private void Add(string name, string? value)
    {
        if (value is null || Array.IndexOf(Names, name.ToLowerInvariant()) < 0) return;
        if (!_values.TryGetValue(name, out var list)) _values[name] = list = [];
        list.Add(value);
    }

    /// <summary>The header's value, or null when it is absent or empty.</summary>
    internal string? Get(string name)
    {
        string? value;
        if (_lookup is not null)
        {
            value = _lookup(name);
        }
        else
        {
            if (!_values.TryGetValue(name, out var list)) return null;
            if (list.Count > 1) throw new VersoWebhookException(VersoWebhookFailure.MalformedHeader, $"The {name} header was sent more than once.", name);
            value = list[0];
        }
        return string.IsNullOrEmpty(value) ? null : value;
    }

    internal string Require(string name) =>
        Get(name) ?? throw new VersoWebhookException(VersoWebhookFailure.MissingHeader, $"The {name} header is missing.", name);
}
