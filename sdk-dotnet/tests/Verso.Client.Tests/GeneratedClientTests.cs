using Verso.Client.Errors;
using Verso.Client.Generated;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>The generated operations run through the same pipeline. Only operations that are stable in the contract
/// (health and current user) are used, so these tests hold for the sample and the real document alike.</summary>
public class GeneratedClientTests
{
    [Fact]
    public async Task An_operation_sends_its_route_and_parses_its_JSON_with_string_enums()
    {
        var transport = new StubTransport(Replies.Ok("""{"status":"Degraded"}"""));
        using var client = Clients.Build(transport);

        var live = await client.Api.GetHealthLiveAsync();

        Assert.Equal(HealthStatus.Degraded, live.Status);
        Assert.Equal(HttpMethod.Get, transport.Requests[0].Method);
        Assert.Equal(Clients.BaseUrl + "/health/live", transport.Requests[0].Uri.ToString());
    }

    [Fact]
    public async Task A_problem_from_an_operation_becomes_VersoApiException()
    {
        var transport = new StubTransport(Replies.Problem(401,
            """{"type":"https://verso.dev/errors/unauthenticated","title":"Unauthenticated","status":401,"traceId":"t-1","correlationId":"c-1"}""",
            ("X-Correlation-Id", "c-1")));
        using var client = Clients.Build(transport, tokens: _ => ValueTask.FromResult<string?>("verso_x_y"));

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.Api.GetCurrentUserAsync());

        Assert.Equal(401, error.Status);
        Assert.Equal("https://verso.dev/errors/unauthenticated", error.Problem.Type);
        Assert.Equal("t-1", error.TraceId);
        Assert.Equal("c-1", error.CorrelationId);
        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task A_readiness_503_is_retried_and_then_reported_with_its_body()
    {
        const string report = """{"status":"Unhealthy","checks":[],"metadata":{"version":"0.1.0","generatedAt":"2026-11-23T12:00:00Z"}}""";
        var transport = new StubTransport(Replies.Status(503, report));
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.Api.GetHealthReadyAsync());

        Assert.Equal(503, error.Status);
        Assert.Equal(3, transport.Count);
        Assert.Contains("Unhealthy", error.ResponseBody);
    }

    [Fact]
    public async Task The_session_expiry_of_an_operation_response_is_recorded()
    {
        var transport = new StubTransport(Replies.Ok(
            """{"kind":"User","id":"u-1","email":null,"role":"Editor","isSuperAdmin":false}""",
            ("X-Session-Expires-At", "2026-11-23T12:20:00Z")));
        using var client = Clients.Build(transport, tokens: _ => ValueTask.FromResult<string?>("session-token"));

        var me = await client.Api.GetCurrentUserAsync();

        Assert.Equal(Role.Editor, me.Role);
        Assert.Null(me.Email);
        Assert.Equal(DateTimeOffset.Parse("2026-11-23T12:20:00Z"), client.Session.ExpiresAt);
    }

    [Fact]
    public async Task An_optional_body_left_out_is_not_sent_at_all()
    {
        // Spec: upgrade-template-version without fields sends no body (no Content-Type, zero length).
        var transport = new StubTransport(Replies.Ok("{}"));
        using var client = Clients.Build(transport);

        await client.Api.UpgradeContentVersionTemplateAsync(Guid.NewGuid(), Guid.NewGuid(), 2);

        Assert.Equal(HttpMethod.Post, transport.Requests[0].Method);
        Assert.Null(transport.Requests[0].Body);
    }

    [Fact]
    public async Task A_body_that_is_given_is_sent_as_JSON()
    {
        var transport = new StubTransport(Replies.Ok("{}"));
        using var client = Clients.Build(transport);

        await client.Api.UpgradeContentVersionTemplateAsync(Guid.NewGuid(), Guid.NewGuid(), 2, new UpgradeTemplateVersionRequest());

        Assert.NotNull(transport.Requests[0].Body);
        Assert.StartsWith("{", transport.Requests[0].Body);
    }
}
