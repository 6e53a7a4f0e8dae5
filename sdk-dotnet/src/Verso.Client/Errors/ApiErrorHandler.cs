using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.RegularExpressions;
using Verso.Client.Generated;
using Verso.Client.Resilience;
using Verso.Client.Serialization;

namespace Verso.Client.Errors;

/// <summary>
/// Turns the final non-success response of a call into <see cref="VersoApiException"/>. It sits outside the
/// resilience handler, so it only ever sees the response that retries gave up on.
/// </summary>
/// <remarks>Doing this in the pipeline rather than in generated code gives every caller (generated methods and raw
/// HttpClient use alike) the same exception, whatever statuses the contract happens to declare.</remarks>
internal sealed partial class ApiErrorHandler : DelegatingHandler
{
    private static readonly JsonSerializerOptions ListedFailures = CreateListedFailureOptions();

    // Problem bodies are small; a runaway error page must not be buffered whole.
    private const int MaxBodyBytes = 64 * 1024;

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var response = await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        if (response.IsSuccessStatusCode) return response;

        using (response)
        {
            var body = await ReadBoundedAsync(response.Content, cancellationToken).ConfigureAwait(false);
            var problem = ProblemDetailsReader.Read(body, (int)response.StatusCode, response.ReasonPhrase);
            var correlationId = HeaderValue(response, CorrelationIds.HeaderName)
                ?? (request.Options.TryGetValue(CorrelationIds.SentOnFinalAttempt, out var sent) ? sent : null);
            var text = body.Length == 0 ? null : Encoding.UTF8.GetString(body);
            throw Typed(request, response.StatusCode, problem, correlationId, text);
        }
    }

    /// <summary>The two 422s whose body lists what failed get their own exception types, with the lists typed.</summary>
    private static VersoApiException Typed(HttpRequestMessage request, HttpStatusCode status, VersoProblemDetails problem, string? correlationId, string? text)
    {
        if (status == HttpStatusCode.UnprocessableEntity && request.Method == HttpMethod.Post && request.RequestUri is { } uri)
        {
            var path = uri.AbsolutePath;
            if (BulkPath().IsMatch(path) && ListOf<BulkContentItemResult>(problem, "results") is { } results)
            {
                return new VersoBulkActionException(status, problem, correlationId, text, results);
            }
            if (ReleasePublishPath().IsMatch(path) && ListOf<ReleaseProblem>(problem, "problems") is { } problems)
            {
                return new VersoReleaseProblemsException(status, problem, correlationId, text, problems);
            }
        }
        return new VersoApiException(status, problem, correlationId, text);
    }

    private static IReadOnlyList<T>? ListOf<T>(VersoProblemDetails problem, string member)
    {
        if (!problem.Extensions.TryGetValue(member, out var list) || list.ValueKind != JsonValueKind.Array) return null;
        try
        {
            return list.Deserialize<List<T>>(ListedFailures);
        }
        catch (JsonException)
        {
            // A body this SDK cannot read as the contract says still reaches the caller, as the plain exception.
            return null;
        }
    }

    private static JsonSerializerOptions CreateListedFailureOptions()
    {
        var options = new JsonSerializerOptions();
        options.Converters.Add(new EnumMemberConverterFactory());
        return options;
    }

    [GeneratedRegex("/api/v1/workspaces/[^/]+/content/bulk/?$", RegexOptions.IgnoreCase)]
    private static partial Regex BulkPath();

    [GeneratedRegex("/api/v1/workspaces/[^/]+/releases/[^/]+/publish/?$", RegexOptions.IgnoreCase)]
    private static partial Regex ReleasePublishPath();

    private static async Task<byte[]> ReadBoundedAsync(HttpContent? content, CancellationToken cancellationToken)
    {
        if (content is null) return [];
        await using var stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        var buffer = new MemoryStream();
        var chunk = new byte[8192];
        int read;
        while (buffer.Length < MaxBodyBytes
               && (read = await stream.ReadAsync(chunk.AsMemory(0, (int)Math.Min(chunk.Length, MaxBodyBytes - buffer.Length)), cancellationToken).ConfigureAwait(false)) > 0)
        {
            buffer.Write(chunk, 0, read);
        }
        return buffer.ToArray();
    }

    private static string? HeaderValue(HttpResponseMessage response, string name) =>
        response.Headers.TryGetValues(name, out var values) ? values.FirstOrDefault(v => !string.IsNullOrWhiteSpace(v)) : null;
}
