using Verso.Client.Generated;

namespace Verso.Client.Tests.EndToEnd;

/// <summary>
/// The media upload and download through the generated .NET client against the real API that sdk-dotnet/test.sh
/// starts: a multipart upload (a small PNG with alt text) comes back Available with its size, and the download
/// streams exactly the bytes that were sent.
/// </summary>
public sealed class MediaRealServerTests
{
    private static string Required(string name) =>
        Environment.GetEnvironmentVariable(name) is { Length: > 0 } value
            ? value
            : throw new InvalidOperationException($"{name} is not set: run the end-to-end test through sdk-dotnet/test.sh, which starts the server");

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
}
