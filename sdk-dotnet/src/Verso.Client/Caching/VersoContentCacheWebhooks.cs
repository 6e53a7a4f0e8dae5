using Verso.Client.Webhooks;

namespace Verso.Client.Caching;

/// <summary>
/// Invalidation from a webhook delivery: the delivery is verified with <see cref="VersoWebhook"/> first (signature
/// over the exact bytes, timestamp tolerance), then exactly what the event names is invalidated (see
/// <see cref="IVersoContentCacheInvalidator.InvalidateForEventAsync"/>). A delivery that fails verification throws
/// the verifier's <see cref="VersoWebhookException"/> and invalidates nothing; answer it 400.
/// </summary>
/// <example>
/// <code>
/// app.MapPost("/hooks/verso", async (HttpRequest request, IVersoContentCacheInvalidator cache) =>
/// {
///     using var body = new MemoryStream();
///     await request.Body.CopyToAsync(body);
///     try
///     {
///         await cache.InvalidateFromWebhookAsync(body.ToArray(), request.Headers, secret);
///         return Results.NoContent();
///     }
///     catch (VersoWebhookException) { return Results.BadRequest(); }
/// });
/// </code>
/// </example>
public static class VersoContentCacheWebhooks
{
    /// <summary>Verifies a delivery whose headers are name/value strings, then invalidates what it names.</summary>
    /// <returns>The verified event and what it invalidated.</returns>
    public static Task<VersoContentCacheInvalidation> InvalidateFromWebhookAsync(this IVersoContentCacheInvalidator cache, ReadOnlyMemory<byte> rawBody,
        IEnumerable<KeyValuePair<string, string>> headers, string secret, VersoWebhookOptions? options = null, CancellationToken cancellationToken = default) =>
        ApplyAsync(cache, () => VersoWebhook.Verify(rawBody.Span, headers, secret, options), cancellationToken);

    /// <summary>As above, accepting any of several secrets (during a rotation).</summary>
    public static Task<VersoContentCacheInvalidation> InvalidateFromWebhookAsync(this IVersoContentCacheInvalidator cache, ReadOnlyMemory<byte> rawBody,
        IEnumerable<KeyValuePair<string, string>> headers, IEnumerable<string> secrets, VersoWebhookOptions? options = null, CancellationToken cancellationToken = default) =>
        ApplyAsync(cache, () => VersoWebhook.Verify(rawBody.Span, headers, secrets, options), cancellationToken);

    /// <summary>Verifies a delivery whose headers carry lists of values (ASP.NET Core's <c>request.Headers</c>,
    /// <c>HttpHeaders</c>, <c>IDictionary&lt;string, string[]&gt;</c>), then invalidates what it names.</summary>
    public static Task<VersoContentCacheInvalidation> InvalidateFromWebhookAsync<TValues>(this IVersoContentCacheInvalidator cache, ReadOnlyMemory<byte> rawBody,
        IEnumerable<KeyValuePair<string, TValues>> headers, string secret, VersoWebhookOptions? options = null, CancellationToken cancellationToken = default)
        where TValues : IEnumerable<string?> =>
        ApplyAsync(cache, () => VersoWebhook.Verify(rawBody.Span, headers, secret, options), cancellationToken);

    /// <summary>As above, accepting any of several secrets (during a rotation).</summary>
    public static Task<VersoContentCacheInvalidation> InvalidateFromWebhookAsync<TValues>(this IVersoContentCacheInvalidator cache, ReadOnlyMemory<byte> rawBody,
        IEnumerable<KeyValuePair<string, TValues>> headers, IEnumerable<string> secrets, VersoWebhookOptions? options = null, CancellationToken cancellationToken = default)
        where TValues : IEnumerable<string?> =>
        ApplyAsync(cache, () => VersoWebhook.Verify(rawBody.Span, headers, secrets, options), cancellationToken);

    /// <summary>Verifies a delivery whose headers are read by a case-insensitive lookup, then invalidates what it names.</summary>
    public static Task<VersoContentCacheInvalidation> InvalidateFromWebhookAsync(this IVersoContentCacheInvalidator cache, ReadOnlyMemory<byte> rawBody,
        Func<string, string?> header, string secret, VersoWebhookOptions? options = null, CancellationToken cancellationToken = default) =>
        ApplyAsync(cache, () => VersoWebhook.Verify(rawBody.Span, header, secret, options), cancellationToken);

    /// <summary>As above, accepting any of several secrets (during a rotation).</summary>
    public static Task<VersoContentCacheInvalidation> InvalidateFromWebhookAsync(this IVersoContentCacheInvalidator cache, ReadOnlyMemory<byte> rawBody,
        Func<string, string?> header, IEnumerable<string> secrets, VersoWebhookOptions? options = null, CancellationToken cancellationToken = default) =>
        ApplyAsync(cache, () => VersoWebhook.Verify(rawBody.Span, header, secrets, options), cancellationToken);

    private static async Task<VersoContentCacheInvalidation> ApplyAsync(IVersoContentCacheInvalidator cache, Func<VersoWebhookEvent> verify, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(cache);
        // Verified inside the task: a refused delivery is a faulted task, like any other failure of an async call.
        var verified = verify();
        return await cache.InvalidateForEventAsync(verified, cancellationToken).ConfigureAwait(false);
    }
}
