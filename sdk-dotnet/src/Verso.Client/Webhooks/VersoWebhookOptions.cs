namespace Verso.Client.Webhooks;

/// <summary>How <see cref="VersoWebhook.Verify(ReadOnlySpan{byte}, IEnumerable{KeyValuePair{string, string}}, string, VersoWebhookOptions?)"/>
/// judges a delivery. The defaults fit every Verso server.</summary>
public sealed record VersoWebhookOptions
{
    /// <summary>How far webhook-timestamp may lie from now, either way (default 5 minutes). Older deliveries are
    /// refused as replays; the server stamps every attempt anew, so a retry is fresh.</summary>
    public TimeSpan Tolerance { get; init; } = TimeSpan.FromMinutes(5);

    /// <summary>The clock (default <see cref="TimeProvider.System"/>); tests and fixtures inject one.</summary>
    public TimeProvider TimeProvider { get; init; } = TimeProvider.System;

    /// <summary>
    /// Require the Standard Webhooks headers (default true). Every Verso delivery carries them, and only they bind the
    /// event id and a time to the signature: without them a captured delivery could be replayed at any later time.
    /// <c>false</c> accepts a delivery signed with X-Verso-Signature alone (an older or upstream-compatible sender);
    /// the Standard headers are still verified when any of them is present, so stripping only some of them does not
    /// get around the check.
    /// </summary>
    public bool RequireStandardSignature { get; init; } = true;
}
