using System.Net;
using System.Net.Http.Headers;
using System.Text;
using Verso.Client.Errors;
using Verso.Client.Media;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.Media;

/// <summary>
/// Spec item 33 (and resilience cases 36, 37): downloads expose bytes, file name and content type; a streaming download
/// retries a transient failure before the body copy starts, never after, and never writes a byte twice.
/// </summary>
public sealed class MediaDownloadTests
{
    private static readonly Guid Workspace = Guid.Parse("0190f3a1-7c2b-7d4e-9a10-1234567890ab");
    private static readonly Guid Asset = Guid.Parse("0190f3a1-7c2b-7d4e-9a10-1234567890ad");

    private static Reply File(byte[] body, string mediaType, string? disposition) => (_, _) =>
    {
        var response = new HttpResponseMessage(HttpStatusCode.OK) { Content = new ByteArrayContent(body) };
        response.Content.Headers.ContentType = new MediaTypeHeaderValue(mediaType);
        if (disposition is not null) response.Content.Headers.TryAddWithoutValidation("Content-Disposition", disposition);
        return Task.FromResult(response);
    };

    private static Reply Unavailable => Replies.Problem(503, """{"type":"about:blank","title":"Service Unavailable","status":503}""");

    [Fact]
    public async Task Download_exposes_bytes_the_utf8_file_name_and_the_content_type()
    {
        var png = Convert.FromHexString("89504e470d0a1a0a0000000d49484452");
        // What the server sends for a non-ASCII name: an ASCII fallback and the RFC 5987 UTF-8 spelling.
        var transport = new StubTransport(File(png, "image/png", "inline; filename=\"caf_ _t_.png\"; filename*=UTF-8''caf%C3%A9%20%C3%A9t%C3%A9.png"));
        using var client = Clients.Build(transport);

        var file = await client.DownloadMediaAsync(Workspace, Asset);

        Assert.Equal(png, file.Content);
        Assert.Equal("café été.png", file.FileName);
        Assert.Equal("image/png", file.ContentType);
        var sent = Assert.Single(transport.Requests);
        Assert.Equal(HttpMethod.Get, sent.Method);
        Assert.Equal($"/api/v1/workspaces/{Workspace}/media/{Asset}/file", sent.Uri.AbsolutePath);
    }

    [Theory]
    [InlineData("attachment; filename=\"report 2026.pdf\"", "report 2026.pdf")]
    [InlineData("attachment; filename=report.pdf", "report.pdf")]
    [InlineData("attachment", null)]
    [InlineData(null, null)]
    public async Task Without_filename_star_the_plain_file_name_is_used(string? disposition, string? expected)
    {
        var transport = new StubTransport(File([1, 2, 3], "application/pdf", disposition));
        using var client = Clients.Build(transport);
        var file = await client.DownloadMediaAsync(Workspace, Asset);
        Assert.Equal(expected, file.FileName);
        Assert.Equal("application/pdf", file.ContentType);
    }

    [Fact]
    public async Task A_503_before_the_body_is_retried_and_only_the_final_body_is_written()
    {
        var body = Encoding.ASCII.GetBytes("the final body");
        var transport = new StubTransport(Unavailable, File(body, "text/plain", "attachment; filename=\"a.txt\""));
        using var client = Clients.Build(transport);
        using var destination = new MemoryStream();
        var progress = new MediaUploadTests.Recorder();

        var result = await client.DownloadMediaToAsync(Workspace, Asset, destination, progress);

        Assert.Equal(2, transport.Count);
        Assert.Equal(body, destination.ToArray());
        Assert.Equal(new VersoMediaDownload(body.Length, "a.txt", "text/plain"), result);
        Assert.Equal(body.Length, progress.Reports[^1]);
    }

    [Fact]
    public async Task A_404_is_an_api_exception_and_writes_nothing()
    {
        var transport = new StubTransport(Replies.Problem(404, """{"type":"https://verso.dev/errors/not-found","title":"Not found","status":404}"""));
        using var client = Clients.Build(transport);
        using var destination = new MemoryStream();
        var e = await Assert.ThrowsAsync<VersoApiException>(() => client.DownloadMediaToAsync(Workspace, Asset, destination));
        Assert.Equal(404, e.Status);
        Assert.Equal(0, destination.Length);
        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task A_connection_dropped_mid_body_surfaces_is_not_retried_and_writes_no_byte_twice()
    {
        // Real sockets: the server announces 200,000 bytes, sends 50,000, then resets the connection. A second request
        // would get a whole good body, so a retry after the copy started would be visible as extra bytes.
        const int announced = 200_000;
        const int sentBeforeDrop = 50_000;
        var full = Enumerable.Range(0, announced).Select(i => (byte)(i % 251)).ToArray();
        // The reset waits until the client has written body bytes (its progress says so): the copy has started.
        var copying = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        await using var server = new LoopbackServer(
            async context =>
            {
                context.Response.StatusCode = 200;
                context.Response.ContentType = "application/octet-stream";
                context.Response.ContentLength64 = announced;
                await context.Response.OutputStream.WriteAsync(full.AsMemory(0, sentBeforeDrop));
                await context.Response.OutputStream.FlushAsync();
                await copying.Task.WaitAsync(TimeSpan.FromSeconds(10));
                context.Response.Abort();
            },
            async context =>
            {
                context.Response.StatusCode = 200;
                context.Response.ContentType = "application/octet-stream";
                context.Response.ContentLength64 = announced;
                await context.Response.OutputStream.WriteAsync(full);
                context.Response.Close();
            });
        using var client = new VersoClientBuilder(server.BaseUrl).WithResilience(Clients.Fast).Build();
        using var destination = new MemoryStream();

        var progress = new OnFirstReport(copying);

        var e = await Assert.ThrowsAsync<VersoDownloadInterruptedException>(() => client.DownloadMediaToAsync(Workspace, Asset, destination, progress));

        Assert.IsAssignableFrom<IOException>(e);
        Assert.IsAssignableFrom<IOException>(e.InnerException);
        Assert.Single(server.Requests);
        Assert.Equal(announced, e.ExpectedLength);
        Assert.Equal(destination.Length, e.BytesWritten);
        Assert.InRange(e.BytesWritten, 1, sentBeforeDrop);
        Assert.Equal(full.AsSpan(0, (int)e.BytesWritten).ToArray(), destination.ToArray());
        Assert.Contains("not retried", e.Message);
    }

    [Fact]
    public async Task Over_real_sockets_a_503_then_200_writes_the_body_once()
    {
        var body = Enumerable.Range(0, 100_000).Select(i => (byte)(i % 13)).ToArray();
        await using var server = new LoopbackServer(
            LoopbackServer.Respond(503, """{"type":"about:blank","title":"Service Unavailable","status":503}"""),
            async context =>
            {
                context.Response.StatusCode = 200;
                context.Response.ContentType = "image/webp";
                context.Response.Headers["Content-Disposition"] = "inline; filename=\"pic.webp\"; filename*=UTF-8''pic.webp";
                context.Response.ContentLength64 = body.Length;
                await context.Response.OutputStream.WriteAsync(body);
                context.Response.Close();
            });
        using var client = new VersoClientBuilder(server.BaseUrl).WithResilience(Clients.Fast).Build();
        using var destination = new MemoryStream();

        var result = await client.DownloadMediaToAsync(Workspace, Asset, destination);

        Assert.Equal(2, server.Requests.Count);
        Assert.Equal(body, destination.ToArray());
        Assert.Equal((body.Length, "pic.webp", "image/webp"), (result.Length, result.FileName, result.ContentType));
    }

    [Fact]
    public async Task Cancelling_mid_body_is_the_callers_cancellation_not_an_interruption()
    {
        var release = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        await using var server = new LoopbackServer(async context =>
        {
            context.Response.StatusCode = 200;
            context.Response.ContentType = "application/octet-stream";
            context.Response.ContentLength64 = 100_000;
            await context.Response.OutputStream.WriteAsync(new byte[10_000]);
            await context.Response.OutputStream.FlushAsync();
            await release.Task.WaitAsync(TimeSpan.FromSeconds(10)).ContinueWith(_ => { });
            context.Response.Abort();
        });
        using var client = new VersoClientBuilder(server.BaseUrl).WithResilience(Clients.Fast).Build();
        using var destination = new MemoryStream();
        using var cts = new CancellationTokenSource();
        var progress = new CancelOnFirstReport(cts);

        try
        {
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => client.DownloadMediaToAsync(Workspace, Asset, destination, progress, cts.Token));
        }
        finally
        {
            release.TrySetResult();
        }
        Assert.Single(server.Requests);
        Assert.InRange(destination.Length, 1, 10_000);
    }

    private sealed class OnFirstReport(TaskCompletionSource started) : IProgress<long>
    {
        public void Report(long value) => started.TrySetResult();
    }

    private sealed class CancelOnFirstReport(CancellationTokenSource cts) : IProgress<long>
    {
        public void Report(long value) => cts.Cancel();
    }
}
