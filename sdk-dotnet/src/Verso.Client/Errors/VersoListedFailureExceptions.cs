using System.Net;
using Verso.Client.Generated;

namespace Verso.Client.Errors;

/// <summary>
/// An atomic <c>BulkContentActionAsync</c> (<c>Atomic = true</c>) with at least one failing item: 422, and nothing was
/// changed. <see cref="Results"/> lists every failing item in the order sent, each with the problem its single operation
/// would have answered. Without <c>Atomic</c>, failures are per-item results of a 200 instead.
/// </summary>
public sealed class VersoBulkActionException : VersoApiException
{
    /// <summary>Creates the exception (the SDK's error handler does this for the 422 of <c>POST …/content/bulk</c>).</summary>
    public VersoBulkActionException(HttpStatusCode statusCode, VersoProblemDetails problem, string? correlationId, string? responseBody,
        IReadOnlyList<BulkContentItemResult> results)
        : base(statusCode, problem, correlationId, responseBody) => Results = results;

    /// <summary>Every item that failed, in the order sent, each with its <see cref="BulkContentItemResult.Problem"/>.</summary>
    public IReadOnlyList<BulkContentItemResult> Results { get; }
}

/// <summary>
/// <c>PublishReleaseAsync</c> refused: 422 with every problem that stops the release (as <c>ValidateReleaseAsync</c>
/// lists them); nothing was changed. <see cref="Problems"/> is empty when the release has no entries.
/// </summary>
public sealed class VersoReleaseProblemsException : VersoApiException
{
    /// <summary>Creates the exception (the SDK's error handler does this for the 422 of <c>POST …/releases/{id}/publish</c>).</summary>
    public VersoReleaseProblemsException(HttpStatusCode statusCode, VersoProblemDetails problem, string? correlationId, string? responseBody,
        IReadOnlyList<ReleaseProblem> problems)
        : base(statusCode, problem, correlationId, responseBody) => Problems = problems;

    /// <summary>Why each entry stops the release: the item, its version, the reason and a sentence for people.</summary>
    public IReadOnlyList<ReleaseProblem> Problems { get; }
}
