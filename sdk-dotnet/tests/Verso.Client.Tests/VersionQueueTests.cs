using Verso.Client.Generated;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>The work-queue read (#25): ListWorkspaceContentVersionsAsync sends its filters to
/// …/content/versions and reads typed rows (the version, its item's title, the rejection).</summary>
public class VersionQueueTests
{
    private static readonly Guid Workspace = Guid.Parse("0190a2b4-0000-7000-8000-000000000001");

    [Fact]
    public async Task ListWorkspaceContentVersions_sends_the_filters_and_reads_the_rows()
    {
        var transport = new StubTransport(Replies.Ok(
            """{"items":[{"contentItemId":"0190a2b4-0000-7000-8000-00000000000a","title":"Harbour","itemSlug":"harbour","templateName":"Article","createdByUserId":null,"rejectedAt":"2026-11-27T10:00:00Z","rejectionReason":"Too short","version":{"id":"0190a2b4-0000-7000-8000-00000000000b","contentItemId":"0190a2b4-0000-7000-8000-00000000000a","versionNumber":3,"status":"Draft","templateVersionId":"0190a2b4-0000-7000-8000-00000000000c","slug":null,"localeCode":null,"effectiveStartAt":null,"effectiveEndAt":null,"publishAt":null,"publishedAt":null,"archivedAt":null,"publishedByUserId":null,"rolledBackFromVersionNumber":null,"tags":[],"createdAt":"2026-11-27T09:00:00Z","updatedAt":"2026-11-27T10:00:00Z"}}],"totalCount":1,"page":1,"pageSize":5,"totalPages":1}"""));
        using var client = Clients.Build(transport);

        var page = await client.Api.ListWorkspaceContentVersionsAsync(Workspace, status: ContentStatus.Draft, createdBy: "me", rejected: true, pageSize: 5);

        var row = Assert.Single(page.Items);
        Assert.Equal("Harbour", row.Title);
        Assert.Equal("Too short", row.RejectionReason);
        Assert.Equal(3, row.Version.VersionNumber);
        var uri = transport.Requests[0].Uri.ToString();
        Assert.Contains($"/api/v1/workspaces/{Workspace}/content/versions?", uri);
        Assert.Contains("status=Draft", uri);
        Assert.Contains("createdBy=me", uri);
        Assert.Contains("rejected=true", uri);
        Assert.Contains("pageSize=5", uri);
    }
}
