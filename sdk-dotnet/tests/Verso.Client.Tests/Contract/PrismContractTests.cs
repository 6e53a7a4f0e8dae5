using System.Text.Json;
using Verso.Client.Errors;
using Verso.Client.Generated;
using Verso.Client.Resilience;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.Contract;

/// <summary>One Prism for the whole class, and the example inputs for every operation.</summary>
public sealed class PrismContractFixture : IAsyncLifetime
{
    public PrismProcess Prism { get; private set; } = null!;

    public IReadOnlyDictionary<string, OperationExample> Examples { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        var examples = ContractExamples.LoadAsync();
        var prism = PrismProcess.StartAsync();
        await Task.WhenAll(examples, prism);
        Examples = await examples;
        Prism = await prism;
    }

    public async Task DisposeAsync()
    {
        if (Prism is null) return;
        var pid = Prism.Pid;
        await Prism.DisposeAsync();
        if (NodeTools.IsRunning(pid)) throw new InvalidOperationException($"prism (pid {pid}) outlived the contract tests");
    }
}

/// <summary>
/// Calls <b>every</b> operation of the contract through the generated client against a Prism mock of the same
/// document. Prism validates path, query, headers, body and security of each request and reports what it rejects in
/// the <c>sl-violations</c> response header; not one request violation is allowed, and each call must succeed.
/// </summary>
public sealed class PrismContractTests(PrismContractFixture fixture) : IClassFixture<PrismContractFixture>
{
    public static TheoryData<string> OperationIds()
    {
        var data = new TheoryData<string>();
        foreach (var (id, _) in ContractExamples.Operations)
        {
            // Prism 5.16 drops the connection on the multipart body MultipartFormDataContent sends for the media
            // upload and answers nothing afterwards (every later case failed); the upload is exercised against the
            // real server instead (EndToEnd/MediaRealServerTests).
            if (id == "uploadMedia") continue;
            data.Add(id);
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(OperationIds))]
    public async Task The_generated_method_sends_a_request_Prism_accepts(string operationId)
    {
        var example = fixture.Examples[operationId];
        Assert.True(example.Problems.Count == 0, "example input breaks the contract: " + string.Join("; ", example.Problems));
        var method = OperationInvoker.MethodFor(operationId);
        Assert.True(method is not null, $"no generated method for {operationId}");

        var responses = new List<(int Status, string? Violations, string Method, string Path)>();
        using var client = new VersoClientBuilder(fixture.Prism.Url)
            // Auth-required operations need a bearer token, or Prism answers 401.
            .WithToken("verso_prism_contracttoken")
            .WithResilience(new VersoResilienceOptions { MaxAttempts = 1, CircuitEnabled = false })
            .WithResponseObserver((response, _) =>
            {
                var violations = response.Headers.TryGetValues("sl-violations", out var v) ? string.Join("", v) : null;
                lock (responses) responses.Add(((int)response.StatusCode, violations, response.RequestMessage!.Method.Method, response.RequestMessage.RequestUri!.AbsolutePath));
                return ValueTask.CompletedTask;
            })
            .Build();

        using var cts = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        var arguments = OperationInvoker.Arguments(method!, example.Input, OperationInvoker.SerializerOptions(client.Api), cts.Token);
        Exception? failure = null;
        object? result = null;
        try
        {
            result = await OperationInvoker.InvokeAsync(method!, client.Api, arguments);
        }
        catch (Exception e)
        {
            failure = e;
        }
        finally
        {
            (result as IDisposable)?.Dispose();
        }

        Assert.True(responses.Count == 1, $"{responses.Count} responses; failure {failure}\n{Tail(fixture.Prism.Output)}");
        var response = responses[0];
        Assert.True(RequestViolations(response.Violations).Count == 0,
            $"Prism rejected {response.Method} {response.Path}: {string.Join("; ", RequestViolations(response.Violations))}\n{Tail(fixture.Prism.Output)}");
        Assert.True(failure is null, $"the call failed against the mock: {failure}");
        Assert.Equal(example.Method, response.Method);
        Assert.InRange(response.Status, 200, 299);
    }

    [Fact]
    public void Every_operation_group_of_the_contract_has_generated_methods_called_above()
    {
        var groups = ContractExamples.Operations.GroupBy(o => o.Tags.FirstOrDefault() ?? "(untagged)").ToList();
        // The twelve groups of issue #6 plus health and docs; a new group is covered by the theory automatically.
        Assert.Superset(
            new HashSet<string> { "Auth", "Users", "Workspaces", "ApiClients", "Settings", "Audit", "Templates", "Components", "PickLists", "Tags", "Packages", "Content" },
            groups.Select(g => g.Key).ToHashSet());
        foreach (var group in groups)
        {
            var missing = group.Where(o => OperationInvoker.MethodFor(o.OperationId) is null).Select(o => o.OperationId).ToList();
            Assert.True(missing.Count == 0, $"{group.Key}: no generated method for {string.Join(", ", missing)}");
        }
        Assert.Equal(ContractExamples.Operations.Count, fixture.Examples.Count);
    }

    [Fact]
    public async Task An_auth_required_operation_without_a_token_is_refused_by_Prism()
    {
        // Shows the mock really checks security, so the 2xx answers above mean the token was sent.
        using var client = new VersoClientBuilder(fixture.Prism.Url)
            .WithResilience(new VersoResilienceOptions { MaxAttempts = 1, CircuitEnabled = false })
            .Build();
        var error = await Assert.ThrowsAsync<VersoApiException>(() => client.Api.GetCurrentUserAsync());
        Assert.Equal(401, error.Status);
    }

    [Fact]
    public async Task A_request_that_breaks_the_contract_never_passes_for_accepted()
    {
        // The guard for the theory: both ways Prism rejects a request are caught by its checks (a violation, a non-2xx).
        string? violations = null;
        using var client = new VersoClientBuilder(fixture.Prism.Url)
            .WithToken("verso_prism_contracttoken")
            .WithResilience(new VersoResilienceOptions { MaxAttempts = 1, CircuitEnabled = false })
            .WithResponseObserver((response, _) =>
            {
                violations = response.Headers.TryGetValues("sl-violations", out var v) ? string.Join("", v) : null;
                return ValueTask.CompletedTask;
            })
            .Build();

        // An operation that declares a 422: Prism answers with it and lists the violation in sl-violations.
        using var noSlug = new StringContent("{\"name\":\"Main\"}", System.Text.Encoding.UTF8, "application/json");
        var declared = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.PostAsync("api/v1/workspaces", noSlug));
        Assert.Equal(422, declared.Status);
        Assert.Contains("slug", Assert.Single(RequestViolations(violations)));

        // One that declares no 422 (login): Prism answers with its declared 400 (every operation declares the
        // pipeline's 400), again listing the violation in sl-violations.
        using var noPassword = new StringContent("{\"email\":\"a@example.com\"}", System.Text.Encoding.UTF8, "application/json");
        var undeclared = await Assert.ThrowsAsync<VersoApiException>(() => client.HttpClient.PostAsync("api/v1/auth/login", noPassword));
        Assert.Equal(400, undeclared.Status);
        Assert.Contains("password", Assert.Single(RequestViolations(violations)));
    }

    private static List<string> RequestViolations(string? header)
    {
        if (string.IsNullOrEmpty(header)) return [];
        using var document = JsonDocument.Parse(header);
        return document.RootElement.EnumerateArray()
            .Where(v => v.TryGetProperty("location", out var l) && l.GetArrayLength() > 0 && l[0].GetString() == "request")
            .Select(v => v.GetRawText())
            .ToList();
    }

    private static string Tail(string text) => text.Length <= 2000 ? text : text[^2000..];
}
