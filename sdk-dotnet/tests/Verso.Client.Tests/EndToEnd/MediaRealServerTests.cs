using System.Text;
using Verso.Client.Errors;
using Verso.Client.Generated;
using Verso.Client.Media;
using Verso.Client.Tests.Media;
using static Verso.Client.Tests.Support.E2eEnvironment;

namespace Verso.Client.Tests.EndToEnd;

/// <summary>
/// The media upload and download through the generated .NET client against the real API that sdk-dotnet/test.sh
/// starts: a multipart upload (a small PNG with alt text) comes back Available with its size, and the download
/// streams exactly the bytes that were sent. The SDK's own media helpers (Media/VersoMediaExtensions) do the same with
/// sent-byte progress, a UTF-8 file name and both download forms.
/// </summary>
public sealed class MediaRealServerTests
{
    [Fact]
    public async Task Uploads_a_file_and_downloads_the_same_bytes()
    {
        var baseUrl = Required("VERSO_E2E_BASE_URL");
        using var cts = new CancellationTokenSource(TimeSpan.FromMinutes(1));
        var ct = cts.Token;
        string? token = null;
        using var verso = new VersoClientBuilder(baseUrl).WithTokenProvider(_ => ValueTask.FromResult(token)).Build();
        token = (await verso.Api.LoginAsync(new LoginRequest { Email = Required("VERSO_E2E_EMAIL"), Password = Required("VERSO_E2E_PASSWORD") }, ct)).Token;
        var suffix = Guid.NewGuid().ToString("N")[..8];
        var ws = (await verso.Api.CreateWorkspaceAsync(new WorkspaceRequest { Name = $"SDK media {suffix}", Slug = $"dotnet-media-{suffix}" }, ct)).Id;

        var png = Convert.FromHexString("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082");
        using var upload = new MemoryStream(png);
        var asset = await verso.Api.UploadMediaAsync(ws, new FileParameter(upload, "pixel.png", "image/png"), "One pixel", ct);
        Assert.Equal("pixel.png", asset.FileName);
        Assert.Equal("image/png", asset.MimeType);
        Assert.Equal(png.Length, asset.SizeBytes);
        Assert.Equal("One pixel", asset.AltText);

        using var file = await verso.Api.DownloadMediaAsync(ws, asset.Id, cancellationToken: ct);
        using var copy = new MemoryStream();
        await file.Stream.CopyToAsync(copy, ct);
        Assert.Equal(png, copy.ToArray());
    }

    [Fact]
    public async Task The_media_helpers_upload_with_progress_and_download_bytes_name_and_type()
    {
        var baseUrl = Required("VERSO_E2E_BASE_URL");
        using var cts = new CancellationTokenSource(TimeSpan.FromMinutes(1));
        var ct = cts.Token;
        string? token = null;
        using var verso = new VersoClientBuilder(baseUrl).WithTokenProvider(_ => ValueTask.FromResult(token)).Build();
        token = (await verso.Api.LoginAsync(new LoginRequest { Email = Required("VERSO_E2E_EMAIL"), Password = Required("VERSO_E2E_PASSWORD") }, ct)).Token;
        var suffix = Guid.NewGuid().ToString("N")[..8];
        var ws = (await verso.Api.CreateWorkspaceAsync(new WorkspaceRequest { Name = $"SDK media helpers {suffix}", Slug = $"dotnet-mediah-{suffix}" }, ct)).Id;

        // 300 KB of text: several 64 KiB chunks, so progress has several steps.
        var text = Encoding.UTF8.GetBytes(string.Concat(Enumerable.Range(0, 30_000).Select(i => $"line {i,4}\n")));
        var progress = new MediaUploadTests.Recorder();
        const string name = "notes été ✓.txt";
        var asset = await verso.UploadMediaAsync(ws, new MemoryStream(text), name, "text/plain", "Field notes", progress, ct);

        Assert.Equal((name, "text/plain", (long)text.Length, "Field notes"), (asset.FileName, asset.MimeType, asset.SizeBytes, asset.AltText));
        var reports = progress.Reports;
        Assert.True(reports.Count >= 4, $"expected several progress reports, got {reports.Count}");
        Assert.True(reports.Zip(reports.Skip(1)).All(p => p.First < p.Second), "progress must increase: " + string.Join(",", reports));
        Assert.Equal(text.Length, reports[^1]);

        var file = await verso.DownloadMediaAsync(ws, asset.Id, ct);
        Assert.Equal(text, file.Content);
        Assert.Equal(name, file.FileName);
        Assert.Equal("text/plain", file.ContentType);

        using var streamed = new MemoryStream();
        var download = await verso.DownloadMediaToAsync(ws, asset.Id, streamed, cancellationToken: ct);
        Assert.Equal(text, streamed.ToArray());
        Assert.Equal(new VersoMediaDownload(text.Length, name, "text/plain"), download);

        // A file the server refuses (declared PNG, but text): the real 415 as VersoApiException, after one attempt.
        var refused = await Assert.ThrowsAsync<VersoApiException>(() => verso.UploadMediaAsync(ws, new MemoryStream(text), "fake.png", "image/png", cancellationToken: ct));
        Assert.Equal(415, refused.Status);
        var missing = await Assert.ThrowsAsync<VersoApiException>(() => verso.DownloadMediaAsync(ws, Guid.NewGuid(), ct));
        Assert.Equal(404, missing.Status);
    }
}
