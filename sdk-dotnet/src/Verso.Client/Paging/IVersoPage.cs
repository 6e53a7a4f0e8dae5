namespace Verso.Client.Paging;

/// <summary>
/// One page of a list operation: the contract's envelope <c>{items, totalCount, page, pageSize, totalPages}</c>.
/// The generator makes every page model of the contract implement it (Generated/Paging.g.cs).
/// </summary>
public interface IVersoPage<TItem>
{
    IList<TItem> Items { get; }

    /// <summary>1-based number of this page.</summary>
    int Page { get; }

    int TotalPages { get; }
}
