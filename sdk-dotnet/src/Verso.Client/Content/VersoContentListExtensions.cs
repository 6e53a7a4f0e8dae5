using System.Runtime.CompilerServices;
using Verso.Client.Caching;
using Verso.Client.Generated;
using Verso.Client.Paging;

namespace Verso.Client.Content;

/// <summary>
/// The content list read with a <see cref="VersoContentListQuery"/> (field filters and field sorts included) instead
/// of the generated method's twenty positional arguments: one page, or every item page after page.
/// </summary>
public static class VersoContentListExtensions
{
    /// <summary>One page of the list (<see cref="VersoContentListQuery.Page"/>, default 1).</summary>
    /// <param name="api">The generated client (<c>verso.Api</c>).</param>
    /// <param name="workspaceId">The workspace.</param>
    /// <param name="query">Filters, sort and page.</param>
    /// <param name="ifNoneMatch">An ETag the caller holds (a 304 then surfaces as the client's not-modified answer).</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static Task<ContentItemSummaryResponsePagedResponse> ListContentAsync(this VersoApiClient api, Guid workspaceId, VersoContentListQuery query,
        string? ifNoneMatch = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(api);
        ArgumentNullException.ThrowIfNull(query);
        return api.ListContentAsync(workspaceId, query.Q, query.TemplateVersionId, query.TemplateId, query.Status, query.LocaleCode,
            query.TranslationGroupId, query.Slug, query.Tags, query.CreatedAfter, query.CreatedBefore, query.PublishedAfter,
            query.PublishedBefore, query.Resolve, query.AsOf, query.FilterParameter(), query.SortBy, query.SortDesc, query.Page,
            query.PageSize, locale: query.Locale, ifNoneMatch: ifNoneMatch, cancellationToken: cancellationToken);
    }

    /// <summary>
    /// Every item of the list, from <see cref="VersoContentListQuery.Page"/> (default 1) on, in the query's order, one
    /// request per page of <see cref="VersoContentListQuery.PageSize"/> (default <see cref="VersoPaging.MaxPageSize"/>).
    /// </summary>
    /// <param name="api">The generated client (<c>verso.Api</c>).</param>
    /// <param name="workspaceId">The workspace.</param>
    /// <param name="query">Filters and sort; its page is where reading starts.</param>
    /// <param name="cancellationToken">Checked before every request.</param>
    public static async IAsyncEnumerable<ContentItemSummaryResponse> ListAllContentAsync(this VersoApiClient api, Guid workspaceId, VersoContentListQuery query,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(api);
        ArgumentNullException.ThrowIfNull(query);
        var pageSize = query.PageSize ?? VersoPaging.MaxPageSize;
        var items = VersoPaging.ListAllAsync<ContentItemSummaryResponse>(
            async (page, token) => await api.ListContentAsync(workspaceId, query with { Page = page, PageSize = pageSize }, null, token).ConfigureAwait(false),
            query.Page ?? 1, cancellationToken);
        await foreach (var item in items.ConfigureAwait(false)) yield return item;
    }
}
