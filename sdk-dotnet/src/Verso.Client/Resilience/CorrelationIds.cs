namespace Verso.Client.Resilience;

/// <summary>The X-Correlation-Id every attempt carries, fresh per attempt (spec: "each attempt builds a fresh request
/// with that token and a new X-Correlation-Id"), so server logs can tell a retry from the attempt it replaced.</summary>
internal static class CorrelationIds
{
    public const string HeaderName = "X-Correlation-Id";

    /// <summary>Set on the caller's request: the id the final attempt carried, for error reports.</summary>
    public static readonly HttpRequestOptionsKey<string> SentOnFinalAttempt = new("Verso.CorrelationIdSentOnFinalAttempt");

    public static string NewId() => Guid.NewGuid().ToString("D");
}
