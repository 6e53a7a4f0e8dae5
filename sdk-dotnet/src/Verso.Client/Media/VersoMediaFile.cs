namespace Verso.Client.Media;

/// <summary>A media asset's file read whole into memory (<see cref="VersoMediaExtensions.DownloadMediaAsync"/>).</summary>
/// <param name="Content">The file's bytes, exactly as stored.</param>
/// <param name="FileName">The file name from Content-Disposition (<c>filename*</c>, the UTF-8 spelling, before
/// <c>filename</c>, the ASCII fallback), or null when the response names none.</param>
/// <param name="ContentType">The media type of the response (e.g. <c>image/png</c>), or null when it has none.</param>
public sealed record VersoMediaFile(byte[] Content, string? FileName, string? ContentType);

/// <summary>What <see cref="VersoMediaExtensions.DownloadMediaToAsync"/> wrote to the caller's stream.</summary>
/// <param name="Length">Bytes written to the destination (the whole file).</param>
/// <param name="FileName">The file name from Content-Disposition (<c>filename*</c> before <c>filename</c>), or null.</param>
/// <param name="ContentType">The media type of the response, or null.</param>
public sealed record VersoMediaDownload(long Length, string? FileName, string? ContentType);
