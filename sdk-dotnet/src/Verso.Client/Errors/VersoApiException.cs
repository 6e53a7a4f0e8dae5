using System.Net;

namespace Verso.Client.Errors;

/// <summary>
/// The API answered with a non-success status (after any retries). Carries the parsed problem, the server's
/// trace id and the correlation id: the response's X-Correlation-Id, else the one sent on the final attempt.
/// </summary>
/// <remarks>The message is the problem's detail, else its title, else a sentence with the status; it never contains
/// request headers, so a bearer token cannot leak through logs of this exception.</remarks>
public class VersoApiException : HttpRequestException
{
    /// <summary>Creates the exception for a final non-success response (the SDK's error handler does this; tests and
    /// custom handlers may too).</summary>
    /// <param name="statusCode">The response status.</param>
    /// <param name="problem">The problem details read from the body, or built from the status line.</param>
    /// <param name="correlationId">The response's X-Correlation-Id, else the one the final attempt sent.</param>
    /// <param name="responseBody">The start of the response body (at most 64 KiB), or null.</param>
    public VersoApiException(HttpStatusCode statusCode, VersoProblemDetails problem, string? correlationId, string? responseBody)
        : base(MessageFor(statusCode, problem), inner: null, statusCode)
    {
        Problem = problem;
        CorrelationId = correlationId;
        ResponseBody = responseBody;
    }

    /// <summary>The HTTP status as a number (also on <see cref="HttpRequestException.StatusCode"/>).</summary>
    public int Status => (int)StatusCode!.Value;

    /// <summary>The parsed problem details; built from the status line when the body was not a problem.</summary>
    public VersoProblemDetails Problem { get; }

    /// <summary>
    /// One plain sentence per problem with an input, keyed by the input's JSON pointer (<c>/slug</c>,
    /// <c>/fields/2/mediaAssetId</c>) or parameter (<c>query.page</c>): the problem's <c>errors</c>, empty when it has
    /// none. The API writes them for people ("Use lower-case letters and digits…"), so a form can show each at its input.
    /// </summary>
    public IReadOnlyDictionary<string, IReadOnlyList<string>> FieldErrors => Problem.Errors;

    /// <summary>The messages for one input (<c>"/slug"</c>, <c>"query.page"</c>); empty when it has none.</summary>
    /// <param name="pointer">The input's JSON pointer or parameter key, as the API writes it.</param>
    public IReadOnlyList<string> MessagesFor(string pointer) =>
        Problem.Errors.TryGetValue(pointer, out var messages) ? messages : [];

    /// <summary>The server's trace id from the problem body.</summary>
    public string? TraceId => Problem.TraceId;

    /// <summary>The response's X-Correlation-Id, else the id this client sent on the final attempt.</summary>
    public string? CorrelationId { get; }

    /// <summary>The raw response body (truncated to 64 KiB), e.g. the health report of a 503 from /health/ready.</summary>
    public string? ResponseBody { get; }

    private static string MessageFor(HttpStatusCode status, VersoProblemDetails problem)
    {
        if (!string.IsNullOrWhiteSpace(problem.Detail)) return problem.Detail!;
        if (!string.IsNullOrWhiteSpace(problem.Title)) return problem.Title!;
        return $"The Verso API answered with HTTP status {(int)status}.";
    }
}
