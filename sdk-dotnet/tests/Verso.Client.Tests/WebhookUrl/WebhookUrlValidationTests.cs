using System.Net;
using System.Text.Json;
using Verso.Client.Generated;
using Verso.Client.Tests.Support;
using Verso.Client.Webhooks;

namespace Verso.Client.Tests.WebhookUrl;

/// <summary>
/// Spec item 35: the generated CreateWebhookEndpointAsync / UpdateWebhookEndpointAsync check the endpoint URL before
/// anything is sent — an unsafe URL is an ArgumentException and the transport sees no request — while an acceptable URL
/// goes out unchanged. The address tables mirror the server's (server/src/webhooks/egress/address-policy.ts).
/// </summary>
public sealed class WebhookUrlValidationTests
{
    private static readonly Guid Workspace = Guid.Parse("0190f3a1-7c2b-7d4e-9a10-1234567890ab");
    private static readonly Guid Endpoint = Guid.Parse("0190f3a1-7c2b-7d4e-9a10-1234567890ac");

    private const string CreatedJson = """
        {"endpoint":{"id":"0190f3a1-7c2b-7d4e-9a10-1234567890ac","name":"n","url":"https://hooks.example.com/verso","isActive":true,
         "events":["content.created"],"createdAt":"2026-11-23T08:00:00Z","updatedAt":"2026-11-23T08:00:00Z"},
         "secret":"whsec_abcdefghijklmnop","warning":"w"}
        """;

    public static TheoryData<string, string> Refused() => new()
    {
        { "http://hooks.example.com/verso", "must use https" },
        { "ftp://hooks.example.com/verso", "must use https" },
        { "/relative/path", "absolute URL" },
        { "hooks.example.com/verso", "absolute URL" },
        { "", "required" },
        { "https://user:secret@hooks.example.com/verso", "user information" },
        { "https://user@hooks.example.com/verso", "user information" },
        { "https://:pw@hooks.example.com/verso", "user information" },
        { "https://hooks.example.com/verso#frag", "fragment" },
        { "https://hooks.example.com:0/verso", "port 0" },
        { "https://hooks.example.com/ver so", "whitespace or control" },
        { "https://hooks.example.com/verso\n", "whitespace or control" },
        { "https://localhost/verso", "loopback name" },
        { "https://LOCALHOST./verso", "loopback name" },
        { "https://api.localhost/verso", "loopback name" },
        { "https://127.0.0.1/verso", "loopback address (127.0.0.0/8)" },
        { "https://127.8.9.10:8443/verso", "loopback address (127.0.0.0/8)" },
        { "https://2130706433/verso", "loopback address (127.0.0.0/8)" },
        { "https://0x7f.1/verso", "loopback address (127.0.0.0/8)" },
        { "https://0.0.0.0/verso", "unspecified address" },
        { "https://10.1.2.3/verso", "private address (10.0.0.0/8)" },
        { "https://172.16.0.1/verso", "private address (172.16.0.0/12)" },
        { "https://172.31.255.254/verso", "private address (172.16.0.0/12)" },
        { "https://192.168.1.1/verso", "private address (192.168.0.0/16)" },
        { "https://169.254.169.254/latest/meta-data", "link-local address (169.254.0.0/16)" },
        { "https://100.64.0.1/verso", "carrier-grade NAT" },
        { "https://100.127.255.255/verso", "carrier-grade NAT" },
        { "https://198.18.0.1/verso", "benchmarking address" },
        { "https://198.19.255.255/verso", "benchmarking address" },
        { "https://192.0.2.10/verso", "documentation address (192.0.2.0/24)" },
        { "https://203.0.113.7/verso", "documentation address (203.0.113.0/24)" },
        { "https://224.0.0.1/verso", "multicast address (224.0.0.0/4)" },
        { "https://239.255.255.250/verso", "multicast address (224.0.0.0/4)" },
        { "https://240.0.0.1/verso", "reserved address (240.0.0.0/4)" },
        { "https://255.255.255.255/verso", "broadcast address" },
        { "https://[::1]/verso", "loopback address (::1)" },
        { "https://[::]/verso", "unspecified address (::)" },
        { "https://[fe80::1]/verso", "link-local address (fe80::/10)" },
        { "https://[fc00::1]/verso", "unique-local address (fc00::/7)" },
        { "https://[fd12:3456::1]/verso", "unique-local address (fc00::/7)" },
        { "https://[fec0::1]/verso", "site-local address" },
        { "https://[ff02::1]/verso", "multicast address (ff00::/8)" },
        { "https://[2001:db8::7]/verso", "documentation address (2001:db8::/32)" },
        { "https://[::ffff:127.0.0.1]/verso", "IPv4-mapped IPv6 address of 127.0.0.1" },
        { "https://[::ffff:10.0.0.1]/verso", "IPv4-mapped IPv6 address of 10.0.0.1" },
        { "https://[::ffff:a9fe:a9fe]/verso", "IPv4-mapped IPv6 address of 169.254.169.254" },
        { "https://[::ffff:100.64.1.1]/verso", "carrier-grade NAT" },
        { "https://[64:ff9b::192.168.0.1]/verso", "NAT64 address (64:ff9b::/96) of 192.168.0.1" },
        { "https://[64:ff9b:1::1]/verso", "local-use NAT64" },
        { "https://[::127.0.0.1]/verso", "IPv4-compatible" },
        { "https://[2002:7f00:1::1]/verso", "6to4 address (2002::/16), embedding 127.0.0.1" },
        { "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/verso", "Teredo address" },
        { "https://[100::1]/verso", "discard-only" },
        { "https://[4000::1]/verso", "outside global unicast" },
    };

    public static TheoryData<string> Accepted() => new()
    {
        "https://hooks.example.com/verso",
        "https://hooks.example.com:8443/verso?token=abc",
        "https://8.8.8.8/verso",
        "https://1.1.1.1/verso",
        "https://[2606:4700:4700::1111]/verso",
        "https://[::ffff:8.8.8.8]/verso",
        "https://[64:ff9b::8.8.8.8]/verso",
        "https://xn--bcher-kva.example/verso",
        "https://bücher.example/verso",
        "https://localhost.example.com/verso",
        "https://172.32.0.1/verso",
        "https://100.128.0.1/verso",
    };

    [Theory]
    [MemberData(nameof(Refused))]
    public async Task Create_refuses_an_unsafe_url_before_sending(string url, string reason)
    {
        var transport = new StubTransport(Replies.Status(201, CreatedJson));
        using var client = Clients.Build(transport);
        var e = await Assert.ThrowsAsync<ArgumentException>(() => client.Api.CreateWebhookEndpointAsync(Workspace, new CreateWebhookEndpointRequest
        {
            Name = "n", Url = url, Events = ["content.created"],
        }));
        Assert.Contains(reason, e.Message);
        Assert.Equal("body", e.ParamName);
        Assert.Equal(0, transport.Count);
    }

    [Theory]
    [MemberData(nameof(Refused))]
    public async Task Update_refuses_an_unsafe_url_before_sending(string url, string reason)
    {
        var transport = new StubTransport(Replies.Ok("{}"));
        using var client = Clients.Build(transport);
        var e = await Assert.ThrowsAsync<ArgumentException>(() => client.Api.UpdateWebhookEndpointAsync(Workspace, Endpoint, new UpdateWebhookEndpointRequest
        {
            Name = "n", Url = url, IsActive = true, Events = ["content.created"],
        }, ifMatch: "\"1\""));
        Assert.Contains(reason, e.Message);
        Assert.Equal(0, transport.Count);
    }

    [Theory]
    [MemberData(nameof(Accepted))]
    public async Task Create_and_update_send_an_acceptable_url_unchanged(string url)
    {
        var transport = new StubTransport(Replies.Status(201, CreatedJson), Replies.Ok(JsonSerializer.Serialize(JsonDocument.Parse(CreatedJson).RootElement.GetProperty("endpoint"))));
        using var client = Clients.Build(transport);
        await client.Api.CreateWebhookEndpointAsync(Workspace, new CreateWebhookEndpointRequest { Name = "n", Url = url, Events = ["content.created"] });
        await client.Api.UpdateWebhookEndpointAsync(Workspace, Endpoint, new UpdateWebhookEndpointRequest
        {
            Name = "n", Url = url, IsActive = false, Events = ["content.created"],
        }, ifMatch: "\"1\"");

        Assert.Equal(2, transport.Count);
        Assert.Equal([HttpMethod.Post, HttpMethod.Put], transport.Requests.Select(r => r.Method));
        Assert.All(transport.Requests, r => Assert.Equal(url, JsonDocument.Parse(r.Body!).RootElement.GetProperty("url").GetString()));
    }

    [Fact]
    public async Task Other_operations_with_a_url_member_are_not_checked()
    {
        // Only the two webhook writes are judged: a rotate or a delivery retry carries no endpoint URL, and any other
        // body that happens to have "url" (none today) is the server's to judge.
        var transport = new StubTransport(Replies.Ok("""{"id":"0190f3a1-7c2b-7d4e-9a10-1234567890ac","secret":"whsec_abcdefghijklmnop"}"""));
        using var client = Clients.Build(transport);
        await client.Api.RotateWebhookSecretAsync(Workspace, Endpoint);
        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public void Messages_never_quote_the_url_path_or_query()
    {
        // Webhook URLs often carry a token; an exception message lands in logs.
        var problem = VersoWebhookUrl.Check("https://10.0.0.1/hook/s3cr3t-token?key=hunter2");
        Assert.NotNull(problem);
        Assert.DoesNotContain("s3cr3t", problem);
        Assert.DoesNotContain("hunter2", problem);
        var userInfo = VersoWebhookUrl.Check("https://alice:hunter2@hooks.example.com/");
        Assert.DoesNotContain("hunter2", userInfo);
    }

    [Fact]
    public void Validate_names_the_parameter_and_Check_returns_null_for_a_good_url()
    {
        Assert.Null(VersoWebhookUrl.Check("https://hooks.example.com/verso"));
        var e = Assert.Throws<ArgumentException>(() => VersoWebhookUrl.Validate("http://hooks.example.com/", "endpointUrl"));
        Assert.Equal("endpointUrl", e.ParamName);
    }

    [Theory]
    [InlineData("8.8.8.8", null)]
    [InlineData("100.63.255.255", null)]
    [InlineData("100.64.0.0", "carrier-grade NAT")]
    [InlineData("198.17.255.255", null)]
    [InlineData("198.20.0.0", null)]
    [InlineData("2606:4700::1", null)]
    [InlineData("::ffff:192.0.2.1", "documentation address (192.0.2.0/24)")]
    public void ForbiddenAddress_matches_the_block_edges(string address, string? expected)
    {
        var reason = VersoWebhookUrl.ForbiddenAddress(IPAddress.Parse(address));
        if (expected is null) Assert.Null(reason);
        else Assert.Contains(expected, reason);
    }
}
