namespace Verso.Client.Resilience;

/// <summary>How long to wait before the next attempt.</summary>
internal static class RetryDelay
{
    /// <summary>
    /// The server's Retry-After, as delta-seconds or an HTTP-date measured against <paramref name="now"/>; a date in
    /// the past means "now" (zero). Null when the header is absent or unreadable, so backoff applies instead.
    /// </summary>
    public static TimeSpan? FromRetryAfter(HttpResponseMessage? response, DateTimeOffset now)
    {
        var retryAfter = response?.Headers.RetryAfter;
        if (retryAfter is null) return null;
        if (retryAfter.Delta is { } delta) return delta < TimeSpan.Zero ? null : delta;
        if (retryAfter.Date is { } date) return date <= now ? TimeSpan.Zero : date - now;
        return null;
    }

    /// <summary>
    /// Exponential backoff with "equal jitter": half of BaseDelay × 2^(n-1) is fixed and half is random
    /// (<paramref name="random"/> in [0, 1)), capped by <paramref name="maxDelay"/>. The fixed half keeps a floor under
    /// the wait; the random half spreads clients that failed together so they do not retry in lockstep.
    /// </summary>
    public static TimeSpan Backoff(int failedAttempts, TimeSpan baseDelay, TimeSpan maxDelay, double random)
    {
        var exponential = baseDelay.TotalMilliseconds * Math.Pow(2, Math.Max(0, failedAttempts - 1));
        var capped = Math.Min(exponential, maxDelay.TotalMilliseconds);
        return TimeSpan.FromMilliseconds(capped / 2 + capped / 2 * random);
    }

    /// <summary>Retry-After when the server sent one (exactly, no jitter), else backoff; never above MaxDelay.</summary>
    public static TimeSpan Next(HttpResponseMessage? response, int failedAttempts, VersoResilienceOptions options, double random)
    {
        var requested = FromRetryAfter(response, options.TimeProvider.GetUtcNow());
        var delay = requested ?? Backoff(failedAttempts, options.BaseDelay, options.MaxDelay, random);
        return delay > options.MaxDelay ? options.MaxDelay : delay;
    }
}
