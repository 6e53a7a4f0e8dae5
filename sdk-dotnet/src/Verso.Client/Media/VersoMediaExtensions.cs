using System.Globalization;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using Verso.Client.Generated;

namespace Verso.Client.Media;

/// <summary>
/// Media upload with progress and downloads that expose the file name and type (spec items 33 and 34), on top of
/// the client's pipeline (token, correlation id, error mapping, circuit, retries where they are safe).
/// </summary>
/// <remarks>
/// The generated <c>client.Api.UploadMediaAsync</c> / <c>DownloadMediaAsync</c> remain; these add what they cannot:
/// sent-byte progress, an optional alt text, the Content-Disposition file name, and a download whose retry rule is
/// spelled out (before the body starts only).
/// </remarks>
public static class VersoMediaExtensions
{
    private const int CopyChunk = 64 * 1024;

    /// <summary>
    /// Uploads a file (multipart/form-data: part <c>file</c> streamed from <paramref name="content"/>, optional part
    /// <c>altText</c>) and returns the new asset. Sent exactly once: never retried, not even on 503, because the
    /// caller's stream cannot be rewound for a second attempt and the first may have been stored.
    /// </summary>
    /// <param name="client">The client whose pipeline sends the request.</param>
    /// <param name="workspaceId">The workspace that receives the asset.</param>
    /// <param name="content">The file's bytes, read from its current position to its end; not disposed.</param>
    /// <param name="fileName">The file name the asset keeps (sent in the part's Content-Disposition).</param>
    /// <param name="contentType">The file's media type (the server checks it against the first bytes);
    /// <c>application/octet-stream</c> when null.</param>
    /// <param name="altText">Alternative text (at most 1000 characters), or null for none.</param>
    /// <param name="progress">Receives the running total of file bytes handed to the transport after each chunk
    /// (64 KiB): increasing, the last report equal to the file's length (one report of 0 for an empty file). Reports
    /// are made on the sending thread in order; <see cref="Progress{T}"/> posts them to the thread pool without a
    /// synchronization context, where they may arrive out of order, so use a synchronous <see cref="IProgress{T}"/>
    /// when order matters.</param>
    /// <param name="cancellationToken">Cancels the upload.</param>
    /// <returns>The asset (Available), as the server stored it.</returns>
    /// <exception cref="Errors.VersoApiException">The server refused the upload (413 too large, 415 type, …).</exception>
    public static async Task<MediaAssetResponse> UploadMediaAsync(
        this VersoClient client,
        Guid workspaceId,
        Stream content,
        string fileName,
        string? contentType = null,
        string? altText = null,
        IProgress<long>? progress = null,
        CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        ArgumentNullException.ThrowIfNull(content);
        ArgumentException.ThrowIfNullOrEmpty(fileName);
        if (!content.CanRead) throw new ArgumentException("The upload stream must be readable.", nameof(content));

        using var form = new MultipartFormDataContent("verso-" + Guid.NewGuid().ToString("N"));
        var file = new ProgressStreamContent(content, progress);
        file.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType ?? "application/octet-stream");
        form.Add(file, "file", fileName);
        if (altText is not null) form.Add(new StringContent(altText), "altText");

        using var request = new HttpRequestMessage(HttpMethod.Post, MediaPath(workspaceId)) { Content = form };
        request.Headers.Accept.ParseAdd("application/json");
        using var response = await client.HttpClient.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        // Non-success statuses were turned into VersoApiException by the pipeline; only 2xx arrive here.
        var asset = await response.Content.ReadFromJsonAsync<MediaAssetResponse>(client.Api.JsonOptions, cancellationToken).ConfigureAwait(false);
        return asset ?? throw new InvalidOperationException($"The upload answered {(int)response.StatusCode} without an asset.");
    }

    /// <summary>
    /// Downloads a media asset's file whole into memory, with its file name and content type. For large files prefer
    /// <see cref="DownloadMediaToAsync"/>, which streams.
    /// </summary>
    /// <param name="client">The client whose pipeline sends the request.</param>
    /// <param name="workspaceId">The asset's workspace.</param>
    /// <param name="id">The asset.</param>
    /// <param name="cancellationToken">Cancels the download.</param>
    /// <returns>The bytes, the file name and the content type.</returns>
    /// <exception cref="VersoDownloadInterruptedException">The body stopped arriving part way (not retried).</exception>
    /// <exception cref="Errors.VersoApiException">The server answered with an error (404, …).</exception>
    public static async Task<VersoMediaFile> DownloadMediaAsync(this VersoClient client, Guid workspaceId, Guid id, CancellationToken cancellationToken = default)
    {
        using var buffer = new MemoryStream();
        var download = await client.DownloadMediaToAsync(workspaceId, id, buffer, progress: null, cancellationToken).ConfigureAwait(false);
        return new VersoMediaFile(buffer.ToArray(), download.FileName, download.ContentType);
    }

    /// <summary>
    /// Streams a media asset's file into <paramref name="destination"/>. A transient failure before the body starts
    /// (a 503, a refused connection) is retried by the pipeline's rules for GET; once the first body byte is being
    /// copied nothing is retried, so a dropped connection surfaces and the destination never receives a byte twice.
    /// </summary>
    /// <param name="client">The client whose pipeline sends the request.</param>
    /// <param name="workspaceId">The asset's workspace.</param>
    /// <param name="id">The asset.</param>
    /// <param name="destination">Where the bytes are written (from its current position); not disposed.</param>
    /// <param name="progress">Receives the running total of bytes written to the destination, in order, on the
    /// copying thread.</param>
    /// <param name="cancellationToken">Cancels the download.</param>
    /// <returns>The number of bytes written, the file name and the content type.</returns>
    /// <exception cref="VersoDownloadInterruptedException">The body stopped arriving part way; its
    /// <see cref="VersoDownloadInterruptedException.BytesWritten"/> says how much reached the destination.</exception>
    /// <exception cref="Errors.VersoApiException">The server answered with an error (404, …).</exception>
    public static async Task<VersoMediaDownload> DownloadMediaToAsync(
        this VersoClient client,
        Guid workspaceId,
        Guid id,
        Stream destination,
        IProgress<long>? progress = null,
        CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(client);
        ArgumentNullException.ThrowIfNull(destination);
        if (!destination.CanWrite) throw new ArgumentException("The destination stream must be writable.", nameof(destination));

        using var request = new HttpRequestMessage(HttpMethod.Get, $"{MediaPath(workspaceId)}/{Escape(id)}/file");
        request.Headers.Accept.ParseAdd("*/*");
        // Headers only: the pipeline's attempts (and retries) end when the headers are in; the body is copied below,
        // outside every retry loop.
        using var response = await client.HttpClient.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        var headers = response.Content.Headers;
        var expected = headers.ContentLength;
        var fileName = MediaFileName.From(headers.ContentDisposition);
        var contentType = headers.ContentType?.MediaType;

        long written = 0;
        var buffer = new byte[CopyChunk];
        Stream body;
        try
        {
            body = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is IOException or HttpRequestException)
        {
            throw new VersoDownloadInterruptedException(0, expected, e);
        }
        await using (body.ConfigureAwait(false))
        {
            while (true)
            {
                int read;
                try
                {
                    read = await body.ReadAsync(buffer, cancellationToken).ConfigureAwait(false);
                }
                catch (Exception e) when (e is IOException or HttpRequestException)
                {
                    throw new VersoDownloadInterruptedException(written, expected, e);
                }
                if (read == 0) break;
                // A failure writing to the caller's own stream is the caller's to see unchanged.
                await destination.WriteAsync(buffer.AsMemory(0, read), cancellationToken).ConfigureAwait(false);
                written += read;
                progress?.Report(written);
            }
        }
        // The transport reports a body cut short of its Content-Length itself; this covers any that would not.
        if (expected is { } length && written != length)
            throw new VersoDownloadInterruptedException(written, expected, new IOException($"The response body ended after {written} of {length} bytes."));
        return new VersoMediaDownload(written, fileName, contentType);
    }

    private static string MediaPath(Guid workspaceId) => $"api/v1/workspaces/{Escape(workspaceId)}/media";

    private static string Escape(Guid id) => id.ToString("D", CultureInfo.InvariantCulture);
}
