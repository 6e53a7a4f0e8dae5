namespace Verso.Client.Media;

/// <summary>
/// A streaming download failed after its body had started to arrive (the connection dropped, the body ended early).
/// The SDK never retries at that point: a retry would append the file again behind the bytes already written.
/// </summary>
/// <remarks>It is an <see cref="IOException"/> (what a failed copy is), with the transport's own failure as
/// <see cref="Exception.InnerException"/>. <see cref="BytesWritten"/> says how much of the file reached the
/// destination, so a caller can discard it, or truncate and download again.</remarks>
public sealed class VersoDownloadInterruptedException : IOException
{
    /// <summary>Creates the exception for a copy that stopped after <paramref name="bytesWritten"/> bytes.</summary>
    /// <param name="bytesWritten">Bytes already written to the destination.</param>
    /// <param name="expectedLength">The Content-Length of the response, when it had one.</param>
    /// <param name="inner">The transport's failure.</param>
    public VersoDownloadInterruptedException(long bytesWritten, long? expectedLength, Exception inner)
        : base(Describe(bytesWritten, expectedLength), inner)
    {
        BytesWritten = bytesWritten;
        ExpectedLength = expectedLength;
    }

    /// <summary>Bytes of the file written to the destination before the failure.</summary>
    public long BytesWritten { get; }

    /// <summary>The file's length announced by the response (Content-Length), or null when it announced none.</summary>
    public long? ExpectedLength { get; }

    private static string Describe(long written, long? expected) =>
        $"The media download was interrupted after {written} of {(expected is { } n ? n.ToString(System.Globalization.CultureInfo.InvariantCulture) : "an unknown number of")} bytes; it is not retried once the body has started, so the destination holds a partial file.";
}
