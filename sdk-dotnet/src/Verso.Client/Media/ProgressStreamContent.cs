using System.Net;

namespace Verso.Client.Media;

/// <summary>
/// The file part of an upload: copies the caller's stream to the request in chunks and reports the running total of
/// bytes written after each chunk.
/// </summary>
/// <remarks>
/// Bytes are counted when the transport has accepted them (the write to the request stream completed), which is as
/// close to "sent" as HttpClient lets a caller see. Nothing is buffered beyond one chunk: a file of any size streams.
/// The content is single-use; the resilience pipeline never replays it (only in-memory bodies are replayable), so a
/// partly consumed caller stream can never be sent twice.
/// </remarks>
internal sealed class ProgressStreamContent : HttpContent
{
    private const int ChunkSize = 64 * 1024;
    private readonly Stream _source;
    private readonly IProgress<long>? _progress;
    private bool _used;

    public ProgressStreamContent(Stream source, IProgress<long>? progress)
    {
        _source = source;
        _progress = progress;
    }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        // A second serialization would send a stream that was already read; refuse rather than send a truncated file.
        if (_used) throw new InvalidOperationException("An upload's content stream can be sent only once.");
        _used = true;
        var buffer = new byte[ChunkSize];
        long sent = 0;
        int read;
        while ((read = await _source.ReadAsync(buffer, cancellationToken).ConfigureAwait(false)) > 0)
        {
            await stream.WriteAsync(buffer.AsMemory(0, read), cancellationToken).ConfigureAwait(false);
            sent += read;
            _progress?.Report(sent);
        }
        // An empty file still gets its one (final) report, so a progress display always ends at the total.
        if (sent == 0) _progress?.Report(0);
    }

    protected override bool TryComputeLength(out long length)
    {
        // A seekable stream's remaining length lets the request carry Content-Length instead of chunked encoding.
        if (_source.CanSeek)
        {
            length = Math.Max(0, _source.Length - _source.Position);
            return true;
        }
        length = 0;
        return false;
    }
}
