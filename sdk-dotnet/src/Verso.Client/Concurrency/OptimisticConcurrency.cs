using Verso.Client.Errors;

namespace Verso.Client.Concurrency;

/// <summary>
/// Read → change → write under the API's optimistic concurrency, refreshing once on 412.
/// </summary>
/// <remarks>
/// A 412 (<c>concurrency-mismatch</c>) means someone else wrote since our read. The SDK never replays a write by
/// itself; this helper re-runs the caller's <c>write</c> on purpose, after a fresh <c>read</c>
/// (which records the new ETag, sent as If-Match by the client's ETag tracking), so the change is re-applied to the
/// current state rather than blindly repeated.
/// </remarks>
public static class OptimisticConcurrency
{
    public static async Task<TResult> UpdateAsync<T, TResult>(
        Func<CancellationToken, Task<T>> read,
        Func<T, CancellationToken, Task<TResult>> write,
        int maxRefreshes = 1,
        CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(read);
        ArgumentNullException.ThrowIfNull(write);
        if (maxRefreshes < 0) throw new ArgumentOutOfRangeException(nameof(maxRefreshes));

        var current = await read(cancellationToken).ConfigureAwait(false);
        for (var refreshes = 0; ; refreshes++)
        {
            try
            {
                return await write(current, cancellationToken).ConfigureAwait(false);
            }
            catch (VersoApiException e) when (e.Status == 412 && refreshes < maxRefreshes)
            {
                current = await read(cancellationToken).ConfigureAwait(false);
            }
        }
    }
}
