using System.Text;
using Verso.Client.Concurrency;
using Verso.Client.Errors;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>ETags of reads are tracked per URL and sent as If-Match on the next write; 412 is refreshed on purpose.</summary>
public class ETagTests
{
    private static Task<HttpResponseMessage> Put(VersoClient client, string url, string? ifMatch = null)
    {
        var request = new HttpRequestMessage(HttpMethod.Put, url) { Content = new StringContent("{}", Encoding.UTF8, "application/json") };
        if (ifMatch is not null) request.Headers.TryAddWithoutValidation("If-Match", ifMatch);
        return client.HttpClient.SendAsync(request);
    }

    [Fact]
    public async Task The_tag_of_a_read_is_sent_as_If_Match_on_the_next_write_to_the_same_resource()
    {
        var transport = new StubTransport(Replies.Ok("{}", ("ETag", "\"v1\"")), Replies.Ok("{}", ("ETag", "\"v2\"")));
        using var client = Clients.Build(transport);

        (await client.HttpClient.GetAsync("api/v1/templates/7?expandChildren=false")).Dispose();
        (await Put(client, "api/v1/templates/7")).Dispose();

        Assert.Null(transport.Requests[0].IfMatch);
        Assert.Equal("\"v1\"", transport.Requests[1].IfMatch);
        Assert.Equal("\"v2\"", client.ETags.Get(new Uri(Clients.BaseUrl + "/api/v1/templates/7")));
    }

    [Fact]
    public async Task An_explicit_If_Match_wins_and_other_resources_get_none()
    {
        var transport = new StubTransport(Replies.Ok("{}", ("ETag", "\"v1\"")), Replies.Ok(), Replies.Ok());
        using var client = Clients.Build(transport);

        (await client.HttpClient.GetAsync("api/v1/templates/7")).Dispose();
        (await Put(client, "api/v1/templates/7", ifMatch: "\"mine\"")).Dispose();
        (await Put(client, "api/v1/templates/8")).Dispose();

        Assert.Equal("\"mine\"", transport.Requests[1].IfMatch);
        Assert.Null(transport.Requests[2].IfMatch);
    }

    [Fact]
    public async Task Reads_never_get_an_If_Match_added()
    {
        var transport = new StubTransport(Replies.Ok("{}", ("ETag", "\"v1\"")));
        using var client = Clients.Build(transport);

        (await client.HttpClient.GetAsync("api/v1/templates/7")).Dispose();
        (await client.HttpClient.GetAsync("api/v1/templates/7")).Dispose();

        Assert.Null(transport.Requests[1].IfMatch);
    }

    [Fact]
    public async Task A_retried_read_records_only_the_tag_of_the_response_it_returned()
    {
        var transport = new StubTransport(Replies.Status(503, "{}", "application/json", ("ETag", "\"stale\"")), Replies.Ok("{}", ("ETag", "\"fresh\"")));
        using var client = Clients.Build(transport);

        (await client.HttpClient.GetAsync("api/v1/templates/7")).Dispose();

        Assert.Equal("\"fresh\"", client.ETags.Get(new Uri(Clients.BaseUrl + "/api/v1/templates/7")));
    }

    [Fact]
    public async Task Failed_responses_record_nothing_and_a_successful_delete_forgets_the_tag()
    {
        var transport = new StubTransport(
            Replies.Ok("{}", ("ETag", "\"v1\"")), Replies.Status(404, "{}", "application/json", ("ETag", "\"x\"")), Replies.Status(204));
        using var client = Clients.Build(transport);
        var url = new Uri(Clients.BaseUrl + "/api/v1/templates/7");

        (await client.HttpClient.GetAsync(url)).Dispose();
        await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync(url));
        Assert.Equal("\"v1\"", client.ETags.Get(url));

        (await client.HttpClient.DeleteAsync(url)).Dispose();

        Assert.Equal("\"v1\"", transport.Requests[2].IfMatch);
        Assert.Null(client.ETags.Get(url));
    }

    [Fact]
    public async Task With_tracking_switched_off_nothing_is_added()
    {
        var transport = new StubTransport(Replies.Ok("{}", ("ETag", "\"v1\"")));
        using var client = new VersoClientBuilder(Clients.BaseUrl).WithTransport(transport).WithETagTracking(false).Build();

        (await client.HttpClient.GetAsync("api/v1/templates/7")).Dispose();
        (await Put(client, "api/v1/templates/7")).Dispose();

        Assert.Null(transport.Requests[1].IfMatch);
    }

    [Fact]
    public async Task A_412_is_refreshed_once_and_the_change_reapplied_to_the_fresh_state()
    {
        var transport = new StubTransport(
            Replies.Ok("""{"name":"old"}""", ("ETag", "\"v1\"")),
            Replies.Problem(412, """{"type":"https://verso.dev/errors/concurrency-mismatch","title":"Precondition failed"}"""),
            Replies.Ok("""{"name":"changed by someone"}""", ("ETag", "\"v2\"")),
            Replies.Ok("{}", ("ETag", "\"v3\"")));
        using var client = Clients.Build(transport);
        var writes = new List<string>();

        await OptimisticConcurrency.UpdateAsync(
            ct => client.HttpClient.GetStringAsync("api/v1/templates/7", ct),
            async (current, ct) =>
            {
                writes.Add(current);
                using var response = await Put(client, "api/v1/templates/7");
                return response.StatusCode;
            });

        Assert.Equal(["""{"name":"old"}""", """{"name":"changed by someone"}"""], writes);
        Assert.Equal("\"v1\"", transport.Requests[1].IfMatch);
        Assert.Equal("\"v2\"", transport.Requests[3].IfMatch);
    }

    [Fact]
    public async Task When_refreshes_run_out_the_412_surfaces()
    {
        var transport = new StubTransport(Replies.Ok("{}", ("ETag", "\"v1\"")), Replies.Problem(412, """{"title":"Precondition failed"}"""));
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<VersoApiException>(() => OptimisticConcurrency.UpdateAsync(
            ct => client.HttpClient.GetStringAsync("api/v1/templates/7", ct),
            async (_, ct) => (await Put(client, "api/v1/templates/7")).StatusCode,
            maxRefreshes: 0));

        Assert.Equal(412, error.Status);
        Assert.Equal(2, transport.Count);
    }
}
