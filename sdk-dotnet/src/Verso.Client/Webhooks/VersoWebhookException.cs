namespace Verso.Client.Webhooks;

/// <summary>Why a webhook delivery was refused. Every value means "do not act on this request" (answer 400).</summary>
public enum VersoWebhookFailure
{
    /// <summary>A required header is absent or empty (<see cref="VersoWebhookException.Header"/> names it).</summary>
    MissingHeader,

    /// <summary>A header is not in the form the server sends, or was sent more than once.</summary>
    MalformedHeader,

    /// <summary>No signature in the header matches the body under the secret(s).</summary>
    SignatureMismatch,

    /// <summary>webhook-timestamp is older than the tolerance: a replay, or a delivery held up too long.</summary>
    TimestampTooOld,

    /// <summary>webhook-timestamp is further ahead than the tolerance (check the receiver's clock).</summary>
    TimestampInFuture,

    /// <summary>X-Verso-Event-Id differs from the signed webhook-id.</summary>
    EventIdMismatch,

    /// <summary>The signed body is not a UTF-8 JSON object.</summary>
    InvalidPayload,

    /// <summary>A header disagrees with the signed body: X-Verso-Event with its <c>type</c>, or X-Verso-Event-Id /
    /// webhook-id with its <c>id</c> (<see cref="VersoWebhookException.Header"/> names which). The headers are not
    /// signed: a delivery relabelled on the way is refused rather than believed.</summary>
    HeaderMismatch,

    /// <summary>The body verified but carries no event <c>type</c> and <c>id</c> (strings): a delivery from a server
    /// older than the one that signs them. Its type would have to come from the unsigned header, so it is refused;
    /// upgrading the server adds them to deliveries still to be attempted.</summary>
    UntypedPayload,
}

/// <summary>
/// A webhook delivery that must not be trusted. <see cref="Failure"/> is stable, <see cref="ReasonCode"/> is the same
/// code the TypeScript SDK's <c>VersoWebhookError.reason</c> uses; the message is for people and never contains the
/// secret.
/// </summary>
public sealed class VersoWebhookException : Exception
{
    /// <summary>Creates the exception (<see cref="VersoWebhook"/>'s verification throws it).</summary>
    /// <param name="failure">Why the delivery is refused.</param>
    /// <param name="message">A sentence for people; never contains the secret.</param>
    /// <param name="header">The header concerned, lower case, when there is one.</param>
    public VersoWebhookException(VersoWebhookFailure failure, string message, string? header = null)
        : base(message)
    {
        Failure = failure;
        Header = header;
    }

    /// <summary>Why the delivery is refused; stable across versions, unlike the message.</summary>
    public VersoWebhookFailure Failure { get; }

    /// <summary>The header concerned, lower case (for example <c>webhook-timestamp</c>), when there is one.</summary>
    public string? Header { get; }

    /// <summary><c>missing_header</c>, <c>malformed_header</c>, <c>signature_mismatch</c>, <c>timestamp_too_old</c>,
    /// <c>timestamp_in_future</c>, <c>event_id_mismatch</c>, <c>header_mismatch</c>, <c>untyped_payload</c> or
    /// <c>invalid_payload</c>.</summary>
    public string ReasonCode => Failure switch
    {
        VersoWebhookFailure.MissingHeader => "missing_header",
        VersoWebhookFailure.MalformedHeader => "malformed_header",
        VersoWebhookFailure.SignatureMismatch => "signature_mismatch",
        VersoWebhookFailure.TimestampTooOld => "timestamp_too_old",
        VersoWebhookFailure.TimestampInFuture => "timestamp_in_future",
        VersoWebhookFailure.EventIdMismatch => "event_id_mismatch",
        VersoWebhookFailure.HeaderMismatch => "header_mismatch",
        VersoWebhookFailure.UntypedPayload => "untyped_payload",
        _ => "invalid_payload",
    };
}
