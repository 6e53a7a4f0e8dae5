using System.Net.Sockets;
using Microsoft.Extensions.DependencyInjection;
using Verso.Client.Errors;
using Verso.Client.Generated;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>The pipeline over real sockets with its default transport (SocketsHttpHandler), against 127.0.0.1 only.</summary>
public class LoopbackTransportTests
{
    [Fact]
    public async Task Over_real_HTTP_a_503_is_retried_and_every_attempt_carries_its_own_token_and_correlation_id()
    {
        await using var server = new LoopbackServer(
            LoopbackServer.Respond(503, """{"title":"Unavailable"}""", ("Retry-After", "0")),
            LoopbackServer.Respond(200, """{"status":"Healthy"}"""));
        var tokens = new Clients.CountingTokens();
        using var client = new VersoClientBuilder(server.BaseUrl)
            .WithTokenProvider(tokens.Next)
            .WithResilience(Clients.Fast)
            .Build();

        var live = await client.Api.GetHealthLiveAsync().Within();

        Assert.Equal(HealthStatus.Healthy, live.Status);
        Assert.Equal(["Bearer t1", "Bearer t2"], server.Requests.Select(r => r.Authorization));
        Assert.Equal(2, server.Requests.Select(r => r.CorrelationId).Distinct().Count());
        Assert.All(server.Requests, r => Assert.Equal("/health/live", r.Path));
    }

    [Fact]
    public async Task Over_real_HTTP_a_problem_response_becomes_VersoApiException()
    {
        await using var server = new LoopbackServer(LoopbackServer.Respond(
            404, """{"type":"https://verso.dev/errors/not-found","title":"Not found","status":404,"traceId":"abc","correlationId":"xyz"}""",
            ("X-Correlation-Id", "xyz")));
        using var client = new VersoClientBuilder(server.BaseUrl).WithResilience(Clients.Fast).Build();

        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.Api.GetCurrentUserAsync().Within());

        Assert.Equal(404, error.Status);
        Assert.Equal("abc", error.TraceId);
        Assert.Equal("xyz", error.CorrelationId);
    }

    [Fact]
    public async Task A_refused_connection_is_a_transport_failure_that_is_retried_for_reads_only()
    {
        // Nothing listens on this port; the connect callback counts the real connection attempts.
        var port = LoopbackServer.FreePort();
        var connects = 0;
        var transport = new SocketsHttpHandler
        {
            ConnectCallback = async (context, ct) =>
            {
                Interlocked.Increment(ref connects);
                var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
                try
                {
                    await socket.ConnectAsync(context.DnsEndPoint, ct);
                    return new NetworkStream(socket, ownsSocket: true);
                }
                catch
                {
                    socket.Dispose();
                    throw;
                }
            },
        };
        using var client = new VersoClientBuilder($"http://127.0.0.1:{port}").WithTransport(transport).WithResilience(Clients.Fast).Build();

        await Assert.ThrowsAsync<HttpRequestException>(() => client.HttpClient.GetAsync("health/live").Within());
        Assert.Equal(3, connects);

        await Assert.ThrowsAsync<HttpRequestException>(() => client.HttpClient.PostAsync("api/v1/auth/logout", null).Within());
        Assert.Equal(4, connects);
    }

    [Fact]
    public async Task Over_real_HTTP_a_client_from_AddVersoClient_uses_IHttpClientFactorys_default_handler_and_retries()
    {
        await using var server = new LoopbackServer(
            LoopbackServer.Respond(503, """{"title":"Unavailable"}""", ("Retry-After", "0")),
            LoopbackServer.Respond(200, """{"status":"Healthy"}"""));
        var services = new ServiceCollection();
        services.AddVersoClient(o => { o.BaseUrl = server.BaseUrl; o.ApiToken = "verso_loop_back"; o.Resilience = Clients.Fast; });
        await using var provider = services.BuildServiceProvider();
        await using var scope = provider.CreateAsyncScope();

        var live = await scope.ServiceProvider.GetRequiredService<VersoClient>().Api.GetHealthLiveAsync().Within();

        Assert.Equal(HealthStatus.Healthy, live.Status);
        Assert.Equal(["Bearer verso_loop_back", "Bearer verso_loop_back"], server.Requests.Select(r => r.Authorization));
        Assert.Equal(2, server.Requests.Select(r => r.CorrelationId).Distinct().Count());
    }
}
