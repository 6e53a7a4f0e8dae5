using System.Text.Json;
using Microsoft.Extensions.DependencyInjection;
using Verso.Client.Errors;
using Verso.Client.Generated;
using Verso.Client.Resilience;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.DependencyInjection;

/// <summary>Spec item 40: a client built with VersoClientBuilder and one resolved after AddVersoClient, each on its own
/// copy of the same scripted transport, make the same attempts and end with the same results.</summary>
public class DirectAndDependencyInjectionParityTests
{
    private static readonly Guid Workspace = Guid.Parse("0191f1a8-7a7e-7c3e-9a52-3a4b8f1e2d11");
    private const string WorkspaceJson =
        """{"id":"0191f1a8-7a7e-7c3e-9a52-3a4b8f1e2d11","name":"Site","slug":"site","createdAt":"2026-11-23T12:00:00Z","updatedAt":"2026-11-23T12:00:00Z","canWrite":true}""";

    public static TheoryData<string> Scenarios => new() { "success", "retried-503", "exhausted-retries", "412", "circuit-open" };

    [Theory]
    [MemberData(nameof(Scenarios))]
    public async Task Direct_and_DI_construction_make_the_same_attempts_with_the_same_results(string scenario)
    {
        var (replies, options, calls, expectedAttempts) = Script(scenario);
        var directTransport = new StubTransport(replies);
        var diTransport = new StubTransport(replies);

        using var direct = new VersoClientBuilder(Clients.BaseUrl)
            .WithTransport(directTransport)
            .WithToken("verso_app_secret")
            .WithResilience(options)
            .Build();
        var directResults = new List<string>();
        foreach (var call in calls) directResults.Add(await Run(() => call(direct)));

        using var provider = new ServiceCollection()
            .AddVersoClient(o => { o.BaseUrl = Clients.BaseUrl; o.ApiToken = "verso_app_secret"; o.Resilience = options; })
            .ConfigurePrimaryHttpMessageHandler(() => diTransport)
            .Services.BuildServiceProvider();
        var diResults = new List<string>();
        foreach (var call in calls)
        {
            // A client per call, as a per-request host resolves it: the registration's one pipeline carries the circuit.
            using var scope = provider.CreateScope();
            diResults.Add(await Run(() => call(scope.ServiceProvider.GetRequiredService<VersoClient>())));
        }

        Assert.Equal(directResults, diResults);
        Assert.Equal(expectedAttempts, directTransport.Count);
        Assert.Equal(expectedAttempts, diTransport.Count);
        Assert.Equal(Shape(directTransport), Shape(diTransport));
    }

    private static (Reply[] Replies, VersoResilienceOptions Options, Func<VersoClient, Task<object?>>[] Calls, int Attempts) Script(string scenario)
    {
        Func<VersoClient, Task<object?>> get = async c => await c.Api.GetWorkspaceAsync(Workspace);
        Func<VersoClient, Task<object?>> update = async c => await c.Api.UpdateWorkspaceAsync(
            Workspace, new WorkspaceRequest { Name = "Site", Slug = "site" }, ifMatch: "\"stale\"");
        var problem503 = Replies.Problem(503, """{"title":"Service Unavailable","detail":"maintenance"}""");
        return scenario switch
        {
            "success" => ([Replies.Ok(WorkspaceJson)], Clients.Fast, [get], 1),
            "retried-503" => ([problem503, Replies.Ok(WorkspaceJson)], Clients.Fast, [get], 2),
            "exhausted-retries" => ([problem503], Clients.Fast, [get], 3),
            "412" => ([Replies.Problem(412, """{"type":"https://verso.dev/problems/concurrency-mismatch","title":"Precondition Failed","status":412}""")],
                Clients.Fast, [update], 1),
            "circuit-open" => ([problem503],
                Clients.Fast with { MaxAttempts = 1, CircuitEnabled = true, CircuitMinimumThroughput = 2, CircuitFailureRatio = 1.0 },
                [get, get, get, get], 2),
            _ => throw new ArgumentOutOfRangeException(nameof(scenario)),
        };
    }

    /// <summary>The result as comparable text: the returned model as JSON, or the exception's type, status and message.</summary>
    private static async Task<string> Run(Func<Task<object?>> call)
    {
        try
        {
            return "ok " + JsonSerializer.Serialize(await call().Within());
        }
        catch (VersoApiException e)
        {
            return $"{nameof(VersoApiException)} {e.Status} {e.Message} {e.Problem?.Type}";
        }
        catch (VersoCircuitOpenException e)
        {
            return $"{nameof(VersoCircuitOpenException)} {e.Message}";
        }
    }

    /// <summary>What the transport saw, without the per-attempt correlation ids (unique by design).</summary>
    private static List<string> Shape(StubTransport transport) =>
        transport.Requests.Select(r => $"{r.Method} {r.Uri} {r.Authorization} {r.IfMatch} {r.Body} {(r.CorrelationId is null ? "no id" : "id")}").ToList();
}
