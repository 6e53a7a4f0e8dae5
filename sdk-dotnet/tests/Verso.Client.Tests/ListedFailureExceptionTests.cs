using Verso.Client.Errors;
using Verso.Client.Generated;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>The two 422s whose body lists what failed become typed exceptions: an atomic bulk action's <c>results</c>
/// (<see cref="VersoBulkActionException"/>) and a release publish's <c>problems</c> (<see cref="VersoReleaseProblemsException"/>);
/// the same members on another route or status stay a plain <see cref="VersoApiException"/>.</summary>
public class ListedFailureExceptionTests
{
    private static readonly Guid Workspace = Guid.Parse("01900000-0000-7000-8000-000000000001");
    private static readonly Guid Item = Guid.Parse("01900000-0000-7000-8000-000000000002");
    private static readonly Guid Release = Guid.Parse("01900000-0000-7000-8000-000000000003");

    private static string Failed(string extra) => $$"""
        {"type":"https://verso.dev/errors/validation-failed","title":"Validation failed","status":422,"detail":"Nothing was changed.",{{extra}}}
        """;

    private static readonly string BulkResults = $$$"""
        "results":[{"id":"{{{Item}}}","versionNumber":null,"status":"failed",
          "problem":{"type":"https://verso.dev/errors/invalid-state-transition","title":"Invalid state transition","status":422,"detail":"Version 1 is a Draft."}}]
        """;

    private static readonly string ReleaseProblems = $$"""
        "problems":[{"itemId":"{{Item}}","versionNumber":2,"reason":"MissingReference","message":"It embeds an item that would serve nothing.","referencedItemId":"{{Release}}"}]
        """;

    [Fact]
    public async Task An_atomic_bulk_actions_422_is_a_VersoBulkActionException_with_the_failing_items_typed()
    {
        var transport = new StubTransport(Replies.Problem(422, Failed(BulkResults)));
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<VersoBulkActionException>(() => client.Api.BulkContentActionAsync(Workspace, new BulkContentActionRequest
        {
            Action = BulkContentAction.Approve,
            Atomic = true,
            Items = [new BulkContentItemRequest { Id = Item }],
        }));

        Assert.IsAssignableFrom<VersoApiException>(error);
        Assert.Equal(422, error.Status);
        Assert.Equal("Nothing was changed.", error.Message);
        var result = Assert.Single(error.Results);
        Assert.Equal((Item, (int?)null, BulkContentItemStatus.Failed), (result.Id, result.VersionNumber, result.Status));
        Assert.Equal(422, result.Problem!.Status);
        Assert.Equal("Version 1 is a Draft.", result.Problem.Detail);
        Assert.Contains("\"atomic\":true", transport.Requests[0].Body);
    }

    [Fact]
    public async Task A_release_publishs_422_is_a_VersoReleaseProblemsException_with_the_problems_typed()
    {
        var transport = new StubTransport(Replies.Problem(422, Failed(ReleaseProblems)));
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<VersoReleaseProblemsException>(() => client.Api.PublishReleaseAsync(Workspace, Release));

        var problem = Assert.Single(error.Problems);
        Assert.Equal((Item, 2, ReleaseProblemReason.MissingReference, (Guid?)Release), (problem.ItemId, problem.VersionNumber, problem.Reason, problem.ReferencedItemId));
        Assert.Equal("It embeds an item that would serve nothing.", problem.Message);
    }

    [Fact]
    public async Task The_same_members_on_another_route_or_status_or_a_422_without_them_stay_a_plain_VersoApiException()
    {
        var transport = new StubTransport(
            Replies.Problem(422, Failed(BulkResults)),
            Replies.Problem(409, """{"type":"https://verso.dev/errors/conflict","title":"Conflict","status":409,"problems":[]}"""),
            Replies.Problem(422, """{"type":"https://verso.dev/errors/validation-failed","title":"Validation failed","status":422}"""));
        using var client = Clients.Build(transport);

        var onAnotherRoute = await Assert.ThrowsAsync<VersoApiException>(() => client.Api.CreateReleaseAsync(Workspace, new CreateReleaseRequest { Name = "Launch" }));
        var conflict = await Assert.ThrowsAsync<VersoApiException>(() => client.Api.PublishReleaseAsync(Workspace, Release));
        var withoutResults = await Assert.ThrowsAsync<VersoApiException>(() => client.Api.BulkContentActionAsync(Workspace, new BulkContentActionRequest
        {
            Action = BulkContentAction.Submit,
            Items = [new BulkContentItemRequest { Id = Item }],
        }));

        Assert.Equal((422, 409, 422), (onAnotherRoute.Status, conflict.Status, withoutResults.Status));
    }
}
