using System.Net;
using Verso.Client.Errors;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>Spec: non-success responses become an SDK API exception carrying the ProblemDetails, the traceId and the
/// correlation id.</summary>
public class ApiErrorTests
{
    private const string ValidationProblem = """
        {
          "type": "https://verso.dev/errors/validation-failed",
          "title": "Validation failed",
          "status": 422,
          "detail": "Field 'title' requires at least 1 value.",
          "instance": "/api/v1/workspaces/w/content/c/versions",
          "traceId": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
          "correlationId": "server-side-id",
          "errors": { "/fields/0": ["requires at least 1 value", "unknown field"], "/slug": "taken" },
          "retryable": false
        }
        """;

    [Fact]
    public async Task A_problem_body_is_parsed_into_the_exception()
    {
        var transport = new StubTransport(Replies.Problem(422, ValidationProblem, ("X-Correlation-Id", "echoed-id")));
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.PostAsync("api/v1/things", new StringContent("{}")));

        Assert.Equal(HttpStatusCode.UnprocessableEntity, error.StatusCode);
        Assert.Equal(422, error.Status);
        Assert.Equal("Field 'title' requires at least 1 value.", error.Message);
        Assert.Equal("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", error.TraceId);
        Assert.Equal("echoed-id", error.CorrelationId);
        var problem = error.Problem;
        Assert.Equal("https://verso.dev/errors/validation-failed", problem.Type);
        Assert.Equal("Validation failed", problem.Title);
        Assert.Equal(422, problem.Status);
        Assert.Equal("/api/v1/workspaces/w/content/c/versions", problem.Instance);
        Assert.Equal("server-side-id", problem.CorrelationId);
        Assert.Equal(["requires at least 1 value", "unknown field"], problem.Errors["/fields/0"]);
        Assert.Equal(["taken"], problem.Errors["/slug"]);
        Assert.Same(problem.Errors, error.FieldErrors);
        Assert.Equal(["taken"], error.MessagesFor("/slug"));
        Assert.Empty(error.MessagesFor("/name"));
        Assert.False(problem.Extensions["retryable"].GetBoolean());
        Assert.Contains("validation-failed", error.ResponseBody);
    }

    [Fact]
    public async Task Without_a_correlation_header_the_id_sent_on_the_final_attempt_is_reported()
    {
        var transport = new StubTransport(Replies.Problem(503, """{"title":"Unavailable"}"""));
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Equal(3, transport.Count);
        Assert.Equal(transport.Requests[^1].CorrelationId, error.CorrelationId);
        Assert.Equal("Unavailable", error.Message);
    }

    [Fact]
    public async Task A_non_JSON_error_body_still_yields_the_API_error_with_the_status_line()
    {
        var transport = new StubTransport(Replies.Status(404, "<html>not here</html>", "text/html"));
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Equal(404, error.Status);
        Assert.Equal("Not Found", error.Problem.Title);
        Assert.Equal("Not Found", error.Message);
        Assert.Null(error.Problem.Type);
        Assert.Empty(error.Problem.Errors);
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("[1,2]")]
    [InlineData("\"text\"")]
    [InlineData("{not json")]
    public async Task Empty_odd_or_broken_bodies_never_raise_a_parse_error(string? body)
    {
        var transport = new StubTransport(Replies.Status(400, body, "application/problem+json"));
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Equal(400, error.Problem.Status);
        Assert.Equal("Bad Request", error.Problem.Title);
    }

    [Fact]
    public async Task Without_detail_or_title_the_message_names_the_status()
    {
        var transport = new StubTransport((_, _) => Task.FromResult(new HttpResponseMessage((HttpStatusCode)499) { ReasonPhrase = "" }));
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Contains("499", error.Message);
    }

    [Fact]
    public async Task The_status_of_the_response_wins_over_a_status_claimed_in_the_body()
    {
        var transport = new StubTransport(Replies.Problem(409, """{"status":500,"title":"Conflict"}"""));
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Equal(409, error.Problem.Status);
    }

    [Fact]
    public async Task The_bearer_token_never_appears_in_the_exception()
    {
        const string token = "verso_0123456789ab_s3cr3t-value";
        var transport = new StubTransport(Replies.Problem(401, """{"title":"Unauthenticated","detail":"The token is invalid."}"""));
        using var client = Clients.Build(transport, tokens: _ => ValueTask.FromResult<string?>(token));

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.GetAsync("api/v1/things"));

        Assert.Equal("Bearer " + token, transport.Requests[0].Authorization);
        Assert.DoesNotContain("s3cr3t", error.ToString());
        Assert.DoesNotContain("s3cr3t", error.ResponseBody ?? "");
    }
}
