using Verso.Client.Generated;
using Verso.Client.Paging;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>Paging over list operations: pages 1..n in order, stopping at the last or at an empty page.</summary>
public class PagingTests
{
    private sealed record StubPage(IList<string> Items, int Page, int TotalPages) : IVersoPage<string>;

    private static Func<int, CancellationToken, Task<IVersoPage<string>>> Server(int totalPages, List<int> requested, int emptyFrom = int.MaxValue) =>
        (number, _) =>
        {
            requested.Add(number);
            IList<string> items = number >= emptyFrom ? [] : [$"p{number}a", $"p{number}b"];
            return Task.FromResult<IVersoPage<string>>(new StubPage(items, number, totalPages));
        };

    [Fact]
    public async Task Every_item_of_every_page_is_yielded_in_order_with_one_request_per_page()
    {
        var requested = new List<int>();
        var items = new List<string>();

        await foreach (var item in VersoPaging.ListAllAsync(Server(3, requested))) items.Add(item);

        Assert.Equal([1, 2, 3], requested);
        Assert.Equal(["p1a", "p1b", "p2a", "p2b", "p3a", "p3b"], items);
    }

    [Fact]
    public async Task An_empty_page_ends_the_listing_even_if_totalPages_says_more()
    {
        var requested = new List<int>();

        await foreach (var _ in VersoPaging.PagesAsync(Server(10, requested, emptyFrom: 3))) { }

        Assert.Equal([1, 2, 3], requested);
    }

    [Fact]
    public async Task Paging_can_start_later_and_rejects_page_zero()
    {
        var requested = new List<int>();
        await foreach (var _ in VersoPaging.PagesAsync(Server(4, requested), startPage: 3)) { }
        Assert.Equal([3, 4], requested);

        await Assert.ThrowsAsync<ArgumentOutOfRangeException>(async () =>
        {
            await foreach (var _ in VersoPaging.PagesAsync(Server(4, requested), startPage: 0)) { }
        });
    }

    [Fact]
    public async Task An_already_cancelled_listing_requests_nothing()
    {
        var requested = new List<int>();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            await foreach (var _ in VersoPaging.ListAllAsync(Server(3, requested), cancellationToken: new CancellationToken(true))) { }
        });

        Assert.Empty(requested);
    }

    [Fact]
    public void The_generated_page_models_of_the_contract_implement_the_paging_interface()
    {
        var pages = typeof(VersoApiClient).Assembly.GetTypes()
            .Where(t => t.Namespace == "Verso.Client.Generated" && t.GetInterfaces().Any(i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IVersoPage<>)))
            .ToList();

        Assert.NotEmpty(pages);
    }

    private const string EmptyPage = """{"items":[],"totalCount":0,"page":1,"pageSize":100,"totalPages":0}""";
    private static readonly Guid Workspace = Guid.Parse("0191f1a8-7a7e-7c3e-9a52-3a4b8f1e2d11");

    [Theory]
    [InlineData(0, null, "page")]
    [InlineData(-3, 20, "page")]
    [InlineData(1, 0, "pageSize")]
    [InlineData(null, 101, "pageSize")]
    [InlineData(2, -1, "pageSize")]
    public async Task Out_of_range_paging_is_refused_before_anything_is_sent(int? page, int? pageSize, string parameter)
    {
        var transport = new StubTransport(Replies.Ok(EmptyPage));
        using var client = Clients.Build(transport);

        var error = await Assert.ThrowsAsync<ArgumentOutOfRangeException>(
            () => client.Api.ListTemplatesAsync(Workspace, page: page, pageSize: pageSize));

        Assert.Equal(parameter, error.ParamName);
        Assert.Equal(0, transport.Count);
    }

    [Fact]
    public async Task Every_generated_list_operation_is_checked()
    {
        var transport = new StubTransport(Replies.Ok(EmptyPage));
        using var client = Clients.Build(transport);

        await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => client.Api.ListWorkspacesAsync(page: 0));
        await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => client.Api.ListUsersAsync(pageSize: 500));
        await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => client.Api.ListContentAsync(Workspace, pageSize: 101));
        await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => client.Api.ListMediaAsync(Workspace, page: 0));

        Assert.Equal(0, transport.Count);
    }

    [Theory]
    [InlineData(1, 1)]
    [InlineData(7, 100)]
    [InlineData(null, null)]
    public async Task In_range_paging_is_sent(int? page, int? pageSize)
    {
        var transport = new StubTransport(Replies.Ok(EmptyPage));
        using var client = Clients.Build(transport);

        await client.Api.ListTemplatesAsync(Workspace, page: page, pageSize: pageSize);

        Assert.Equal(1, transport.Count);
    }

    [Theory]
    [InlineData("api/v1/workspaces?Page=0")]
    [InlineData("api/v1/workspaces?PAGESIZE=101")]
    [InlineData("api/v1/workspaces?pageSize=ten")]
    public async Task Hand_written_requests_through_the_pipeline_are_checked_too_whatever_the_case(string url)
    {
        var transport = new StubTransport(Replies.Ok(EmptyPage));
        using var client = Clients.Build(transport);

        await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => client.HttpClient.GetAsync(url));

        Assert.Equal(0, transport.Count);
    }

    [Fact]
    public void The_range_helpers_accept_the_bounds_and_refuse_beyond_them()
    {
        VersoPaging.CheckPage(1);
        VersoPaging.CheckPageSize(1);
        VersoPaging.CheckPageSize(VersoPaging.MaxPageSize);

        Assert.Throws<ArgumentOutOfRangeException>(() => VersoPaging.CheckPage(0));
        Assert.Throws<ArgumentOutOfRangeException>(() => VersoPaging.CheckPageSize(0));
        Assert.Throws<ArgumentOutOfRangeException>(() => VersoPaging.CheckPageSize(101));
    }
}
