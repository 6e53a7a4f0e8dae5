using Verso.Client.Generated;
using Verso.Client.Paging;

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
}
