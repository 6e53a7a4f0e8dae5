namespace Verso.Client.Paging;

/// <summary>
/// One page of a list operation: the contract's envelope <c>{items, totalCount, page, pageSize, totalPages}</c>.
/// The generator makes every page model of the contract implement it (Generated/Paging.g.cs).
/// </summary>
/// <typeparam name="TItem">The item model of the list.</typeparam>
public interface IVersoPage<TItem>
{
    /// <summary>The items of this page, in the server's order (empty past the last page).</summary>
    IList<TItem> Items { get; }

    /// <summary>1-based number of this page.</summary>
    int Page { get; }

    /// <summary>How many pages the list has at the page size asked for.</summary>
    int TotalPages { get; }
}
