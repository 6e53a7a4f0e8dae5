using System.Text;
using Verso.Client.Resilience;

namespace Verso.Client.Errors;

/// <summary>
/// Turns the final non-success response of a call into <see cref="VersoApiException"/>. It sits outside the
/// resilience handler, so it only ever sees the response that retries gave up on.
/// </summary>
/// <remarks>Doing this in the pipeline rather than in generated code gives every caller (generated methods and raw
/// HttpClient use alike) the same exception, whatever statuses the contract happens to declare.</remarks>
internal sealed class ApiErrorHandler : DelegatingHandler
{
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
            throw new VersoApiException(response.StatusCode, problem, correlationId, text);
        }
    }

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
