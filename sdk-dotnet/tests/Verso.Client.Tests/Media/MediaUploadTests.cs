using System.Net;
using System.Text;
using Verso.Client.Errors;
using Verso.Client.Media;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.Media;

/// <summary>
/// Spec item 34 (and resilience case 35): the media upload is multipart (part <c>file</c>, optional <c>altText</c>),
/// reports sent bytes, streams the caller's stream without buffering it whole, and is sent exactly once.
/// </summary>
public sealed class MediaUploadTests
{
    private static readonly Guid Workspace = Guid.Parse("0190f3a1-7c2b-7d4e-9a10-1234567890ab");

    internal const string AssetJson = """
        {"id":"0190f3a1-7c2b-7d4e-9a10-1234567890ad","fileName":"notes.txt","mimeType":"text/plain","sizeBytes":200000,
         "altText":"Some notes","url":"/api/v1/workspaces/0190f3a1-7c2b-7d4e-9a10-1234567890ab/media/0190f3a1-7c2b-7d4e-9a10-1234567890ad/file",
         "createdAt":"2026-11-23T08:00:00Z","updatedAt":"2026-11-23T08:00:00Z"}
        """;

    /// <summary>An IProgress that records each report synchronously, in the order made.</summary>
    internal sealed class Recorder : IProgress<long>
    {
        private readonly List<long> _reports = [];

        public IReadOnlyList<long> Reports
        {
            get
            {
                lock (_reports) return _reports.ToList();
            }
        }

        public void Report(long value)
        {
            lock (_reports) _reports.Add(value);
        }
    }

    private static byte[] Payload(int length) => Encoding.ASCII.GetBytes(string.Concat(Enumerable.Range(0, length / 10 + 1).Select(i => $"{i,9}\n")))[..length];

    [Fact]
    public async Task Sends_a_multipart_file_and_alt_text_and_reports_increasing_progress_ending_at_the_total()
    {
        var payload = Payload(200_000);
        var transport = new StubTransport(Replies.Status(201, AssetJson));
        using var client = Clients.Build(transport);
        var progress = new Recorder();

        var asset = await client.UploadMediaAsync(Workspace, new MemoryStream(payload), "notes.txt", "text/plain", "Some notes", progress);

        Assert.Equal("notes.txt", asset.FileName);
        var sent = Assert.Single(transport.Requests);
        Assert.Equal(HttpMethod.Post, sent.Method);
        Assert.Equal($"/api/v1/workspaces/{Workspace}/media", sent.Uri.AbsolutePath);
        Assert.Contains("Content-Disposition: form-data; name=file; filename=notes.txt", sent.Body);
        Assert.Contains("Content-Type: text/plain", sent.Body);
        Assert.Contains(Encoding.ASCII.GetString(payload), sent.Body);
        Assert.Contains("Content-Disposition: form-data; name=altText", sent.Body);
        Assert.Contains("Some notes", sent.Body);

        var reports = progress.Reports;
        Assert.True(reports.Count >= 3, $"200 KB in 64 KiB chunks gives several reports, got {reports.Count}");
        Assert.True(reports.Zip(reports.Skip(1)).All(p => p.First < p.Second), "progress must increase: " + string.Join(",", reports));
        Assert.Equal(payload.Length, reports[^1]);
    }

    [Fact]
    public async Task Without_alt_text_only_the_file_part_is_sent()
    {
        var transport = new StubTransport(Replies.Status(201, AssetJson));
        using var client = Clients.Build(transport);
        await client.UploadMediaAsync(Workspace, new MemoryStream(Payload(10)), "notes.txt", "text/plain");
        Assert.DoesNotContain("altText", Assert.Single(transport.Requests).Body);
    }

    [Fact]
    public async Task An_empty_file_reports_zero_once()
    {
        var transport = new StubTransport(Replies.Status(201, AssetJson));
        using var client = Clients.Build(transport);
        var progress = new Recorder();
        await client.UploadMediaAsync(Workspace, new MemoryStream(), "empty.txt", "text/plain", progress: progress);
        Assert.Equal([0L], progress.Reports);
    }

    [Theory]
    [InlineData(503)]
    [InlineData(502)]
    [InlineData(429)]
    public async Task A_retryable_status_is_not_retried(int status)
    {
        var transport = new StubTransport(Replies.Problem(status, $$"""{"type":"about:blank","title":"t","status":{{status}}}"""), Replies.Status(201, AssetJson));
        // Five attempts allowed: a retried upload would show as a second request (and then a 201).
        using var client = Clients.Build(transport, Clients.Fast with { MaxAttempts = 5 });
        var e = await Assert.ThrowsAsync<VersoApiException>(() => client.UploadMediaAsync(Workspace, new MemoryStream(Payload(1000)), "notes.txt", "text/plain"));
        Assert.Equal(status, e.Status);
        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task A_refused_connection_is_not_retried()
    {
        var transport = new StubTransport(Replies.ConnectionRefused(), Replies.Status(201, AssetJson));
        using var client = Clients.Build(transport);
        await Assert.ThrowsAsync<HttpRequestException>(() => client.UploadMediaAsync(Workspace, new MemoryStream(Payload(1000)), "notes.txt", "text/plain"));
        Assert.Equal(1, transport.Count);
    }

    [Fact]
    public async Task The_file_streams_to_the_server_before_the_source_is_read_to_its_end()
    {
        // The source yields its first 64 KiB, then waits until the server has received file bytes before yielding the
        // rest. A client that buffered the whole file before sending would never let the server see a byte: deadlock.
        var firstBytesArrived = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var received = new TaskCompletionSource<byte[]>(TaskCreationOptions.RunContinuationsAsynchronously);
        var payload = Payload(300_000);
        await using var server = new LoopbackServer(async context =>
        {
            var all = new MemoryStream();
            var buffer = new byte[8192];
            int read;
            while ((read = await context.Request.InputStream.ReadAsync(buffer)) > 0)
            {
                all.Write(buffer, 0, read);
                if (all.Length > 32 * 1024) firstBytesArrived.TrySetResult();
            }
            received.TrySetResult(all.ToArray());
            await LoopbackServer.Respond(201, AssetJson)(context);
        });
        var source = new GatedStream(payload, 64 * 1024, firstBytesArrived.Task);
        using var client = new VersoClientBuilder(server.BaseUrl).WithResilience(Clients.Fast).Build();
        var progress = new Recorder();

        var upload = client.UploadMediaAsync(Workspace, source, "notes.txt", "text/plain", progress: progress);
        await upload.WaitAsync(TimeSpan.FromSeconds(20));

        Assert.True(source.WaitedAtGate, "the source must have been asked for more only after the server saw the first bytes");
        var body = Encoding.ASCII.GetString(await received.Task);
        Assert.Contains(Encoding.ASCII.GetString(payload), body);
        Assert.Equal(payload.Length, progress.Reports[^1]);
        Assert.Single(server.Requests);
    }

    /// <summary>A non-seekable source that stops after <c>gateAt</c> bytes until <c>gate</c> completes.</summary>
    private sealed class GatedStream(byte[] data, int gateAt, Task gate) : Stream
    {
        private int _position;

        public bool WaitedAtGate { get; private set; }

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => _position; set => throw new NotSupportedException(); }

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            if (_position >= gateAt && !gate.IsCompleted)
            {
                WaitedAtGate = true;
                await gate.WaitAsync(TimeSpan.FromSeconds(10), cancellationToken);
            }
            var limit = _position < gateAt ? gateAt : data.Length;
            var n = Math.Min(buffer.Length, limit - _position);
            data.AsMemory(_position, n).CopyTo(buffer);
            _position += n;
            return n;
        }

        public override int Read(byte[] buffer, int offset, int count) => ReadAsync(buffer.AsMemory(offset, count)).AsTask().GetAwaiter().GetResult();

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
