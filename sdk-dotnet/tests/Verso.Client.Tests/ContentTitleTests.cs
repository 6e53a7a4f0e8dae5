using Verso.Client.Generated;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>Titles (#25) surface in the generated models: list rows carry <c>Title</c>, template versions
/// <c>TitleFieldKey</c>, and SetTemplateTitleFieldAsync PUTs the choice to …/title-field.</summary>
public class ContentTitleTests
{
    private static readonly Guid Workspace = Guid.Parse("0190a2b4-0000-7000-8000-000000000001");
    private static readonly Guid Template = Guid.Parse("0190a2b4-0000-7000-8000-000000000002");

    [Fact]
    public async Task List_rows_carry_the_title_or_null()
    {
        var transport = new StubTransport(Replies.Ok(
            """{"items":[{"id":"0190a2b4-0000-7000-8000-00000000000a","title":"Morning at the harbour"},{"id":"0190a2b4-0000-7000-8000-00000000000b","title":null}],"totalCount":2,"page":1,"pageSize":20,"totalPages":1}"""));
        using var client = Clients.Build(transport);

        var page = await client.Api.ListContentAsync(Workspace);

        Assert.Equal(new string?[] { "Morning at the harbour", null }, page.Items.Select(i => i.Title).ToArray());
    }

    [Fact]
    public async Task SetTemplateTitleField_puts_the_key_and_reads_the_versions_titleFieldKey()
    {
        var transport = new StubTransport(Replies.Ok("""{"titleFieldKey":"headline"}"""));
        using var client = Clients.Build(transport);

        var version = await client.Api.SetTemplateTitleFieldAsync(Workspace, Template, 1, new SetTemplateTitleFieldRequest { TitleFieldKey = "headline" }, "\"v1\"");

        Assert.Equal("headline", version.TitleFieldKey);
        Assert.Equal(HttpMethod.Put, transport.Requests[0].Method);
        Assert.EndsWith($"/api/v1/workspaces/{Workspace}/templates/{Template}/versions/1/title-field", transport.Requests[0].Uri.ToString());
    }
}
