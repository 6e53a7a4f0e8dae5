using System.Net;
using System.Net.Sockets;

namespace Verso.Client.Webhooks;

/// <summary>
/// The client-side check of a webhook endpoint URL, run before a create or update is sent (spec item 35). It mirrors
/// the server's registration rules (server/src/webhooks/egress/destination.ts and address-policy.ts) so a URL the
/// server would refuse with 422 never leaves the process, and a typo'd internal address fails where it is written.
/// </summary>
/// <remarks>
/// <para>Rules: an absolute <c>https</c> URL; no user information, fragment, port 0, whitespace or control
/// characters; a host that is not <c>localhost</c> or <c>*.localhost</c> (RFC 6761 loopback names); and, when the host
/// is an IP literal, an address that is globally routable unicast: not unspecified, private (RFC 1918), carrier-grade
/// NAT, loopback, link-local, IETF protocol assignment, documentation, 6to4 relay, benchmarking, multicast, reserved
/// or broadcast for IPv4; for IPv6 only global unicast (2000::/3) outside its special blocks, with IPv4-mapped and
/// NAT64 addresses judged by the IPv4 address they embed, and IPv4-compatible, local-use NAT64, 6to4 and Teredo
/// addresses always refused.</para>
/// <para>The server alone allows plain <c>http</c> (<c>Webhook__AllowHttp</c>, for development); the SDK never does,
/// as the spec asks. Host names are not resolved here: the server resolves and checks them before every delivery.
/// Messages never quote the URL, which often carries a token.</para>
/// </remarks>
public static class VersoWebhookUrl
{
    private static readonly (IPAddress Network, int Prefix, string Name)[] V4Blocks =
    [
        (IPAddress.Parse("0.0.0.0"), 32, "the unspecified address"),
        (IPAddress.Parse("255.255.255.255"), 32, "the broadcast address"),
        (IPAddress.Parse("0.0.0.0"), 8, "\"this network\" (0.0.0.0/8)"),
        (IPAddress.Parse("10.0.0.0"), 8, "a private address (10.0.0.0/8)"),
        (IPAddress.Parse("100.64.0.0"), 10, "a carrier-grade NAT address (100.64.0.0/10)"),
        (IPAddress.Parse("127.0.0.0"), 8, "a loopback address (127.0.0.0/8)"),
        (IPAddress.Parse("169.254.0.0"), 16, "a link-local address (169.254.0.0/16)"),
        (IPAddress.Parse("172.16.0.0"), 12, "a private address (172.16.0.0/12)"),
        (IPAddress.Parse("192.0.0.0"), 24, "an IETF protocol assignment (192.0.0.0/24)"),
        (IPAddress.Parse("192.0.2.0"), 24, "a documentation address (192.0.2.0/24)"),
        (IPAddress.Parse("192.88.99.0"), 24, "the deprecated 6to4 relay anycast block (192.88.99.0/24)"),
        (IPAddress.Parse("192.168.0.0"), 16, "a private address (192.168.0.0/16)"),
        (IPAddress.Parse("198.18.0.0"), 15, "a benchmarking address (198.18.0.0/15)"),
        (IPAddress.Parse("198.51.100.0"), 24, "a documentation address (198.51.100.0/24)"),
        (IPAddress.Parse("203.0.113.0"), 24, "a documentation address (203.0.113.0/24)"),
        (IPAddress.Parse("224.0.0.0"), 4, "a multicast address (224.0.0.0/4)"),
        (IPAddress.Parse("240.0.0.0"), 4, "a reserved address (240.0.0.0/4)"),
    ];

    // Checked in order; the first match names the class (as on the server).
    private static readonly (IPAddress Network, int Prefix, string Name)[] V6Blocks =
    [
        (IPAddress.Parse("::"), 128, "the unspecified address (::)"),
        (IPAddress.Parse("::1"), 128, "the loopback address (::1)"),
        (IPAddress.Parse("64:ff9b:1::"), 48, "a local-use NAT64 address (64:ff9b:1::/48)"),
        (IPAddress.Parse("100::"), 64, "a discard-only address (100::/64)"),
        (IPAddress.Parse("2001:db8::"), 32, "a documentation address (2001:db8::/32)"),
        (IPAddress.Parse("2001::"), 23, "an IETF protocol assignment (2001::/23)"),
        (IPAddress.Parse("3fff::"), 20, "a documentation address (3fff::/20)"),
        (IPAddress.Parse("fc00::"), 7, "a unique-local address (fc00::/7)"),
        (IPAddress.Parse("fec0::"), 10, "a site-local address (fec0::/10)"),
        (IPAddress.Parse("fe80::"), 10, "a link-local address (fe80::/10)"),
        (IPAddress.Parse("ff00::"), 8, "a multicast address (ff00::/8)"),
    ];

    private static readonly IPAddress GlobalUnicast = IPAddress.Parse("2000::");
    private static readonly IPAddress Mapped = IPAddress.Parse("::ffff:0:0");
    private static readonly IPAddress Compatible = IPAddress.Parse("::");
    private static readonly IPAddress Nat64 = IPAddress.Parse("64:ff9b::");
    private static readonly IPAddress SixToFour = IPAddress.Parse("2002::");
    private static readonly IPAddress Teredo = IPAddress.Parse("2001::");

    /// <summary>Throws <see cref="ArgumentException"/> when <paramref name="url"/> may not be a webhook endpoint.</summary>
    /// <param name="url">The endpoint URL as it would be sent.</param>
    /// <param name="paramName">The parameter named by the exception.</param>
    /// <exception cref="ArgumentException">The URL breaks one of the rules; the message says which.</exception>
    public static void Validate(string? url, string paramName = "url")
    {
        if (Check(url) is { } problem) throw new ArgumentException(problem, paramName);
    }

    /// <summary>Why <paramref name="url"/> may not be a webhook endpoint, or null when it may.</summary>
    /// <param name="url">The endpoint URL as it would be sent.</param>
    /// <returns>A sentence naming the broken rule (never quoting the URL), or null.</returns>
    public static string? Check(string? url)
    {
        if (string.IsNullOrEmpty(url)) return "The webhook URL is required.";
        // Uri would silently trim or escape these; the server refuses them, so the URL stored is exactly the one used.
        foreach (var c in url)
        {
            if (c <= ' ' || c == '\u007f') return "The webhook URL must not contain whitespace or control characters.";
        }
        // On Unix, Uri reads "/path" as file:///path; an absolute URL must start with its scheme.
        if (!HasScheme(url) || !Uri.TryCreate(url, UriKind.Absolute, out var uri)) return "The webhook URL must be an absolute URL.";
        if (uri.Scheme != Uri.UriSchemeHttps) return "The webhook URL must use https.";
        if (uri.UserInfo.Length > 0 || HasUserInfo(url)) return "The webhook URL must not contain user information.";
        if (url.Contains('#')) return "The webhook URL must not contain a fragment.";
        if (uri.Port == 0) return "The webhook URL must not use port 0.";

        switch (uri.HostNameType)
        {
            case UriHostNameType.IPv4:
            case UriHostNameType.IPv6:
                // Uri has already turned exotic IPv4 spellings (2130706433, 0x7f.1, 127.1) into a dotted quad.
                var literal = uri.IdnHost.Trim('[', ']');
                if (!IPAddress.TryParse(literal, out var address)) return "The webhook URL's host is not a valid IP address.";
                if (address.AddressFamily == AddressFamily.InterNetworkV6 && address.ScopeId != 0)
                    return $"The webhook URL's host {literal} is a scoped IPv6 address (zone index).";
                return ForbiddenAddress(address) is { } why ? $"The webhook URL's host {literal} is {why}." : null;
            case UriHostNameType.Dns:
                var host = uri.IdnHost.EndsWith('.') ? uri.IdnHost[..^1] : uri.IdnHost;
                if (host.Length == 0 || host.Split('.').Any(label => label.Length == 0)) return "The webhook URL's host has an empty label.";
                // WHATWG (the server's parser) reads a host whose last label is a number as IPv4 (0x7f.1, 2130706433,
                // 0177.0.0.1); judge it as that address rather than as a name Uri left alone.
                if (EndsInNumber(host))
                {
                    if (!IPAddress.TryParse(host, out var v4) || v4.AddressFamily != AddressFamily.InterNetwork)
                        return "The webhook URL's host is not a valid IPv4 address.";
                    return V4Class(v4) is { } cls ? $"The webhook URL's host {v4} is {cls}." : null;
                }
                if (host.Equals("localhost", StringComparison.OrdinalIgnoreCase) || host.EndsWith(".localhost", StringComparison.OrdinalIgnoreCase))
                    return $"The webhook URL's host {host} is a loopback name (RFC 6761).";
                return null;
            default:
                return "The webhook URL must have a host name or an IP address.";
        }
    }

    /// <summary>Why an address may not be reached by a webhook (a phrase naming its class), or null when it may.</summary>
    /// <param name="address">An IPv4 or IPv6 address.</param>
    /// <returns>E.g. "a private address (10.0.0.0/8)", or null for a global unicast address.</returns>
    public static string? ForbiddenAddress(IPAddress address)
    {
        ArgumentNullException.ThrowIfNull(address);
        return address.AddressFamily == AddressFamily.InterNetwork ? V4Class(address) : V6Class(address);
    }

    // Uri drops an empty user-info ("https://@host/") and Uri.UserInfo is then empty; the server (WHATWG) does too,
    // but "user:@host" or ":pw@host" must never slip through, so the authority is inspected as written.
    private static bool HasUserInfo(string url)
    {
        var start = url.IndexOf("//", StringComparison.Ordinal);
        if (start < 0) return false;
        var authority = url[(start + 2)..];
        var end = authority.IndexOfAny(['/', '?', '#']);
        if (end >= 0) authority = authority[..end];
        return authority.Contains('@');
    }

    private static bool HasScheme(string url)
    {
        var colon = url.IndexOf(':');
        return colon > 0 && char.IsAsciiLetter(url[0]) && url[..colon].All(c => char.IsAsciiLetterOrDigit(c) || c is '+' or '-' or '.');
    }

    private static bool EndsInNumber(string host)
    {
        var last = host[(host.LastIndexOf('.') + 1)..];
        if (last.Length > 0 && last.All(char.IsAsciiDigit)) return true;
        return last.Length >= 2 && last[0] == '0' && (last[1] == 'x' || last[1] == 'X') && last[2..].All(char.IsAsciiHexDigit);
    }

    private static string? V4Class(IPAddress v4)
    {
        foreach (var (network, prefix, name) in V4Blocks)
            if (InBlock(v4, network, prefix)) return name;
        return null;
    }

    private static string? V6Class(IPAddress v6)
    {
        var bytes = v6.GetAddressBytes();
        IPAddress Embedded(int from, byte xor = 0) =>
            new([(byte)(bytes[from] ^ xor), (byte)(bytes[from + 1] ^ xor), (byte)(bytes[from + 2] ^ xor), (byte)(bytes[from + 3] ^ xor)]);
        string About(IPAddress v4) => V4Class(v4) is { } cls ? $", embedding {v4}, {cls}" : "";

        if (InBlock(v6, Mapped, 96))
        {
            var v4 = Embedded(12);
            return V4Class(v4) is { } cls ? $"an IPv4-mapped IPv6 address of {v4}, {cls}" : null;
        }
        if (InBlock(v6, Nat64, 96))
        {
            var v4 = Embedded(12);
            return V4Class(v4) is { } cls ? $"a NAT64 address (64:ff9b::/96) of {v4}, {cls}" : null;
        }
        var special = V6Blocks.FirstOrDefault(b => InBlock(v6, b.Network, b.Prefix));
        if (special.Name is not null && special.Prefix == 128) return special.Name;
        if (InBlock(v6, Compatible, 96)) return $"an IPv4-compatible IPv6 address (deprecated){About(Embedded(12))}";
        if (InBlock(v6, SixToFour, 16)) return $"a 6to4 address (2002::/16){About(Embedded(2))}";
        // Teredo: the server's IPv4 address in bits 32–63, the client's, inverted, in the last 32 bits.
        if (InBlock(v6, Teredo, 32))
        {
            var forbidden = new[] { Embedded(4), Embedded(12, 0xff) }.FirstOrDefault(v4 => V4Class(v4) is not null);
            return $"a Teredo address (2001::/32){(forbidden is null ? "" : About(forbidden))}";
        }
        if (special.Name is not null) return special.Name;
        if (!InBlock(v6, GlobalUnicast, 3)) return "a reserved address (outside global unicast 2000::/3)";
        return null;
    }

    private static bool InBlock(IPAddress address, IPAddress network, int prefix)
    {
        if (address.AddressFamily != network.AddressFamily) return false;
        var a = address.GetAddressBytes();
        var n = network.GetAddressBytes();
        var full = prefix / 8;
        for (var i = 0; i < full; i++)
            if (a[i] != n[i]) return false;
        var rest = prefix % 8;
        if (rest == 0) return true;
        var mask = (byte)(0xff << (8 - rest));
        return (a[full] & mask) == (n[full] & mask);
    }
}
