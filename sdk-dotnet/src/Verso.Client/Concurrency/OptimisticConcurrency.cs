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
    /// <summary>
    /// Runs <paramref name="read"/>, then <paramref name="write"/> with what it returned; when the write fails with 412,
    /// reads again and re-runs the write on the fresh state, at most <paramref name="maxRefreshes"/> times.
    /// </summary>
    /// <typeparam name="T">What the read returns (the current state the change is computed from).</typeparam>
    /// <typeparam name="TResult">What the write returns.</typeparam>
    /// <param name="read">Reads the resource; through the client it also records the resource's ETag.</param>
    /// <param name="write">Computes the change from the state it is given and writes it (If-Match comes from the
    /// client's ETag tracking, or is passed explicitly from the state).</param>
    /// <param name="maxRefreshes">How many 412s are answered with a fresh read and another write (default 1; 0 never
    /// retries).</param>
    /// <param name="cancellationToken">Cancels the reads and writes.</param>
    /// <returns>The result of the write that succeeded.</returns>
    /// <exception cref="VersoApiException">The write failed with another status, or still with 412 after
    /// <paramref name="maxRefreshes"/> refreshes (someone keeps writing in between).</exception>
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
