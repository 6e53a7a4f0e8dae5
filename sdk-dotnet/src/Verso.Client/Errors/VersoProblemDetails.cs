using System.Text.Json;

namespace Verso.Client.Errors;

/// <summary>An RFC 9457 problem as the Verso API sends it (application/problem+json).</summary>
/// <param name="Type">Problem type URI, ending in an error code such as <c>not-found</c> or <c>validation-failed</c>.</param>
/// <param name="Title">Short summary of the problem type.</param>
/// <param name="Status">HTTP status; the response's status when the body has none.</param>
/// <param name="Detail">Explanation of this occurrence.</param>
/// <param name="Instance">The request path.</param>
/// <param name="TraceId">The server's trace id.</param>
/// <param name="CorrelationId">The correlation id the server recorded for the request.</param>
/// <param name="Errors">Validation messages keyed by JSON pointer or parameter location.</param>
/// <param name="Extensions">Every other member of the body, unparsed.</param>
public sealed record VersoProblemDetails(
    string? Type,
    string? Title,
    int Status,
    string? Detail,
    string? Instance,
    string? TraceId,
    string? CorrelationId,
    IReadOnlyDictionary<string, IReadOnlyList<string>> Errors,
    IReadOnlyDictionary<string, JsonElement> Extensions);
