using System.Net;
using System.Text;
using Verso.Client.Errors;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>Spec: retries only GET, HEAD and OPTIONS, for 408, 429, 500, 502, 503, 504, transport failures and
/// non-caller timeouts; never replays writes, uploads or caller-owned streams; a fresh request per attempt.</summary>
public class RetryTests
{
    [Fact]
    public async Task Get_503_503_200_succeeds_on_the_third_attempt_with_fresh_token_and_correlation_id_each_time()
    {
        var transport = new StubTransport(Replies.Status(503), Replies.Status(503), Replies.Ok("""{"ok":true}"""));
        var tokens = new Clients.CountingTokens();
        using var client = Clients.Build(transport, tokens: tokens.Next);

        var body = await client.HttpClient.GetStringAsync("api/v1/things");

        Assert.Equal("""{"ok":true}""", body);
        Assert.Equal(3, transport.Count);
        Assert.Equal(3, tokens.Calls);
        Assert.Equal(["Bearer t1", "Bearer t2", "Bearer t3"], transport.Requests.Select(r => r.Authorization));
        var ids = transport.Requests.Select(r => r.CorrelationId).ToList();
        Assert.All(ids, id => Assert.True(Guid.TryParse(id, out _), $"correlation id {id} is not a GUID"));
        Assert.Equal(3, ids.Distinct().Count());
    }

    [Theory]
    [InlineData("POST")]
    [InlineData("PUT")]
    [InlineData("PATCH")]
    [InlineData("DELETE")]
    public async Task A_write_that_gets_503_is_sent_once_even_with_If_Match(string method)
    {
        var transport = new StubTransport(Replies.Status(503), Replies.Ok());
        using var client = Clients.Build(transport);
        using var request = new HttpRequestMessage(new HttpMethod(method), "api/v1/things/1")
        {
            Content = new StringContent("""{"name":"x"}""", Encoding.UTF8, "application/json"),
        };
        request.Headers.TryAddWithoutValidation("If-Match", "\"42\"");

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.SendAsync(request));

        Assert.Equal(503, error.Status);
        Assert.Equal(1, transport.Count);
        Assert.Equal("\"42\"", transport.Requests[0].IfMatch);
        Assert.Equal("""{"name":"x"}""", transport.Requests[0].Body);
    }

    [Fact]
    public async Task A_POST_whose_connection_fails_is_not_replayed_and_the_transport_error_surfaces()
    {
        var transport = new StubTransport(Replies.ConnectionRefused(), Replies.Ok());
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<HttpRequestException>(() => client.HttpClient.PostAsync("api/v1/things", new StringContent("{}")));

        Assert.Equal("Connection refused", error.Message);
        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task A_GET_with_a_caller_owned_stream_body_is_sent_once()
    {
        var transport = new StubTransport(Replies.Status(503), Replies.Ok());
        using var client = Clients.Build(transport);
        using var request = new HttpRequestMessage(HttpMethod.Get, "api/v1/search")
        {
            Content = new StreamContent(new MemoryStream(Encoding.UTF8.GetBytes("query"))),
        };

        await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.SendAsync(request));

        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task A_multipart_upload_is_sent_once()
    {
        var transport = new StubTransport(Replies.Status(503), Replies.Ok());
        using var client = Clients.Build(transport);
        using var form = new MultipartFormDataContent { { new ByteArrayContent([1, 2, 3]), "file", "a.bin" } };

        await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.PostAsync("api/v1/workspaces/w/media", form));

        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task A_GET_with_an_in_memory_body_is_replayed_with_the_same_bytes()
    {
        var transport = new StubTransport(Replies.Status(502), Replies.Ok());
        using var client = Clients.Build(transport);
        using var request = new HttpRequestMessage(HttpMethod.Get, "api/v1/search") { Content = new StringContent("query") };

        using var response = await client.HttpClient.SendAsync(request);

        Assert.Equal(["query", "query"], transport.Requests.Select(r => r.Body));
    }

    [Theory]
    [InlineData(408)]
    [InlineData(429)]
    [InlineData(500)]
    [InlineData(502)]
    [InlineData(503)]
    [InlineData(504)]
    public async Task A_GET_is_retried_on_each_transient_status(int status)
    {
        var transport = new StubTransport(Replies.Status(status), Replies.Ok());
        using var client = Clients.Build(transport);

        using var response = await client.HttpClient.GetAsync("api/v1/things");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(2, transport.Count);
    }

    [Theory]
    [InlineData(400)]
    [InlineData(401)]
    [InlineData(403)]
    [InlineData(404)]
    [InlineData(409)]
    [InlineData(412)]
    [InlineData(422)]
    [InlineData(501)]
    [InlineData(505)]
    public async Task A_GET_is_not_retried_on_other_failures(int status)
    {
        var transport = new StubTransport(Replies.Status(status), Replies.Ok());
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Equal(status, error.Status);
        Assert.Equal(1, transport.Count);
    }

    [Theory]
    [InlineData("HEAD")]
    [InlineData("OPTIONS")]
    public async Task HEAD_and_OPTIONS_are_retried_like_GET(string method)
    {
        var transport = new StubTransport(Replies.Status(503), Replies.Status(200));
        using var client = Clients.Build(transport);

        using var response = await client.HttpClient.SendAsync(new HttpRequestMessage(new HttpMethod(method), "api/v1/things"));

        Assert.Equal(2, transport.Count);
    }

    [Fact]
    public async Task A_GET_is_retried_after_a_transport_failure()
    {
        var transport = new StubTransport(Replies.ConnectionRefused(), Replies.Ok());
        using var client = Clients.Build(transport);

        using var response = await client.HttpClient.GetAsync("api/v1/things");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(2, transport.Count);
    }

    [Fact]
    public async Task After_three_503s_the_final_response_becomes_the_API_error()
    {
        var transport = new StubTransport(Replies.Problem(503, """{"title":"Service Unavailable","detail":"maintenance"}"""));
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Equal(3, transport.Count);
        Assert.Equal("maintenance", error.Message);
        Assert.Equal(transport.Requests[2].CorrelationId, error.CorrelationId);
    }

    [Fact]
    public async Task After_exhausting_retries_on_transport_failures_the_last_transport_error_surfaces()
    {
        var transport = new StubTransport(
            Replies.ConnectionRefused("first"), Replies.ConnectionRefused("second"), Replies.ConnectionRefused("third"));
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<HttpRequestException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Equal("third", error.Message);
        Assert.Equal(3, transport.Count);
    }

    [Fact]
    public async Task MaxAttempts_1_disables_retries()
    {
        var transport = new StubTransport(Replies.Status(503), Replies.Ok());
        using var client = Clients.Build(transport, Clients.Fast with { MaxAttempts = 1 });

        await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task MaxAttempts_sets_the_number_of_attempts()
    {
        var transport = new StubTransport(Replies.Status(503));
        using var client = Clients.Build(transport, Clients.Fast with { MaxAttempts = 5 });

        await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Equal(5, transport.Count);
    }

    [Fact]
    public async Task An_attempt_that_exceeds_the_attempt_timeout_is_retried()
    {
        var transport = new StubTransport(Replies.Hang(), Replies.Ok());
        using var client = Clients.Build(transport, Clients.Fast with { AttemptTimeout = TimeSpan.FromMilliseconds(100) });

        using var response = await client.HttpClient.GetAsync("api/v1/things");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(2, transport.Count);
        Assert.True(transport.Requests[0].Token.IsCancellationRequested, "the timed-out attempt was not aborted");
    }

    [Fact]
    public async Task When_every_attempt_times_out_a_timeout_error_surfaces_not_a_cancellation()
    {
        var transport = new StubTransport(Replies.Hang());
        using var client = Clients.Build(transport, Clients.Fast with { AttemptTimeout = TimeSpan.FromMilliseconds(50) });

        var error = await Assert.ThrowsAsync<VersoTimeoutException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.False(error.WholeCall);
        Assert.Equal(TimeSpan.FromMilliseconds(50), error.Timeout);
        Assert.Equal(3, transport.Count);
    }

    [Fact]
    public async Task The_retryable_statuses_are_configurable()
    {
        var transport = new StubTransport(Replies.Status(418), Replies.Status(503), Replies.Ok());
        using var client = Clients.Build(transport, Clients.Fast with { RetryableStatusCodes = new HashSet<int> { 418 } });

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Equal(503, error.Status);
        Assert.Equal(2, transport.Count);
    }

    [Fact]
    public async Task Intermediate_responses_are_disposed_and_only_the_final_one_is_returned()
    {
        var first = Replies.Response(503, "{}", "application/json");
        var transport = new StubTransport((_, _) => Task.FromResult(first), Replies.Ok("""{"final":true}"""));
        using var client = Clients.Build(transport);

        using var response = await client.HttpClient.GetAsync("api/v1/things");

        Assert.Equal("""{"final":true}""", await response.Content.ReadAsStringAsync());
        await Assert.ThrowsAsync<ObjectDisposedException>(() => first.Content.ReadAsStringAsync());
    }
}
