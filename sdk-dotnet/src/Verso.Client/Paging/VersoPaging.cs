using System.Runtime.CompilerServices;

namespace Verso.Client.Paging;

/// <summary>Reads every page of a list operation, one request after the other.</summary>
/// <example>
/// <code>
/// await foreach (var template in VersoPaging.ListAllAsync&lt;TemplateSummaryResponse&gt;(
///     async (page, ct) =&gt; await verso.Api.ListTemplatesAsync(workspaceId, page: page, pageSize: 100, cancellationToken: ct)))
/// { … }
/// </code>
/// </example>
public static class VersoPaging
{
    /// <summary>The largest page size the contract allows (every list operation declares 1..100).</summary>
    public const int MaxPageSize = 100;

    /// <summary>Throws <see cref="ArgumentOutOfRangeException"/> unless <paramref name="page"/> is at least 1. Every
    /// generated list call runs this check on its query before anything is sent.</summary>
    public static void CheckPage(long page)
    {
        if (page < 1) throw new ArgumentOutOfRangeException(nameof(page), page, "page must be an integer >= 1.");
    }

    /// <summary>Throws <see cref="ArgumentOutOfRangeException"/> unless <paramref name="pageSize"/> is within
    /// 1..<see cref="MaxPageSize"/>. Every generated list call runs this check on its query before anything is sent.</summary>
    public static void CheckPageSize(long pageSize)
    {
        if (pageSize < 1 || pageSize > MaxPageSize)
            throw new ArgumentOutOfRangeException(nameof(pageSize), pageSize, $"pageSize must be an integer from 1 to {MaxPageSize}.");
    }

    /// <summary>Every item of pages <paramref name="startPage"/>, +1, … in order.</summary>
    public static async IAsyncEnumerable<TItem> ListAllAsync<TItem>(
        Func<int, CancellationToken, Task<IVersoPage<TItem>>> loadPage,
        int startPage = 1,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        await foreach (var page in PagesAsync(loadPage, startPage, cancellationToken).ConfigureAwait(false))
        {
            foreach (var item in page.Items) yield return item;
        }
    }

    /// <summary>
    /// Pages <paramref name="startPage"/>, +1, …, stopping after the last page or at the first empty one, so a list
    /// that shrinks while it is read cannot loop forever. Cancellation is checked before every request.
    /// </summary>
    public static async IAsyncEnumerable<IVersoPage<TItem>> PagesAsync<TItem>(
        Func<int, CancellationToken, Task<IVersoPage<TItem>>> loadPage,
        int startPage = 1,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(loadPage);
        if (startPage < 1) throw new ArgumentOutOfRangeException(nameof(startPage), startPage, "Pages are numbered from 1.");
        for (var number = startPage; ; number++)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var page = await loadPage(number, cancellationToken).ConfigureAwait(false);
            yield return page;
            // The page we asked for counts too: a server echoing a wrong page number must not make us loop.
            if (page.Items.Count == 0 || Math.Max(number, page.Page) >= page.TotalPages) yield break;
        }
    }
}
