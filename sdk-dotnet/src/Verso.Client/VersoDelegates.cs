namespace Verso.Client;

/// <summary>
/// Supplies the bearer token. It is called before every attempt, so a rotated or refreshed token is picked up by the
/// very next retry; return null or blank to send no Authorization header.
/// </summary>
/// <param name="cancellationToken">The call's cancellation (caller and deadline).</param>
public delegate ValueTask<string?> VersoTokenProvider(CancellationToken cancellationToken);

/// <summary>
/// Sees every response the transport delivers, once, including intermediate responses that will be retried and
/// responses that arrive after the caller cancelled or the deadline passed, before retry decisions, deserialization
/// and error mapping. An exception it throws stops the call (no retry) and propagates unchanged.
/// </summary>
/// <remarks>It receives <see cref="CancellationToken.None"/>: a late response must still be observed, so keep it quick.</remarks>
public delegate ValueTask VersoResponseObserver(HttpResponseMessage response, CancellationToken cancellationToken);
