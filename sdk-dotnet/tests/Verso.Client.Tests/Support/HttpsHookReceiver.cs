using System.Collections.Concurrent;
using System.Net;
using System.Net.Security;
using System.Net.Sockets;
using System.Security.Cryptography.X509Certificates;
using System.Text;

namespace Verso.Client.Tests.Support;

/// <summary>One request the receiver was sent: its headers (names as sent) and its body's bytes exactly.</summary>
public sealed record ReceivedHook(IReadOnlyList<KeyValuePair<string, string>> Headers, byte[] Body)
{
    public string? Header(string name) => Headers.FirstOrDefault(h => string.Equals(h.Key, name, StringComparison.OrdinalIgnoreCase)).Value;
}

/// <summary>
/// A webhook site on 127.0.0.1 serving HTTPS with the certificate for hooks.example.test that the e2e server's
/// deliveries trust (VERSO_E2E_HOOK_CERT / _KEY): an endpoint registered at https://hooks.example.test:<see cref="Port"/>/…
/// receives the server's own deliveries here, over real TLS. Each request is answered 204 and its connection closed.
/// </summary>
/// <remarks>Plain sockets and <see cref="SslStream"/> rather than Kestrel: the test project has no ASP.NET Core, and
/// the server sends one request per connection with a Content-Length (never chunked).</remarks>
public sealed class HttpsHookReceiver : IAsyncDisposable
{
    private const int MaxBytes = 1024 * 1024;
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly X509Certificate2 _certificate;
    private readonly ConcurrentQueue<ReceivedHook> _received = new();
    private readonly SemaphoreSlim _arrived = new(0);
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _loop;

    public HttpsHookReceiver(string certPemFile, string keyPemFile)
    {
        _certificate = X509Certificate2.CreateFromPemFile(certPemFile, keyPemFile);
        _listener.Start();
        Port = ((IPEndPoint)_listener.LocalEndpoint).Port;
        _loop = Task.Run(AcceptAsync);
    }

    public int Port { get; }

    /// <summary>Waits until a request matching <paramref name="wanted"/> has arrived (or <paramref name="cancellationToken"/> ends the wait).</summary>
    public async Task<ReceivedHook> WaitForAsync(Func<ReceivedHook, bool> wanted, CancellationToken cancellationToken)
    {
        while (true)
        {
            if (_received.FirstOrDefault(wanted) is { } found) return found;
            await _arrived.WaitAsync(cancellationToken);
        }
    }

    private async Task AcceptAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            TcpClient client;
            try
            {
                client = await _listener.AcceptTcpClientAsync(_stop.Token);
            }
            catch (Exception) when (_stop.IsCancellationRequested)
            {
                return;
            }
            _ = Task.Run(() => ServeAsync(client));
        }
    }

    private async Task ServeAsync(TcpClient client)
    {
        using (client)
        {
            try
            {
                await using var tls = new SslStream(client.GetStream());
                await tls.AuthenticateAsServerAsync(new SslServerAuthenticationOptions { ServerCertificate = _certificate }, _stop.Token);
                var request = await ReadRequestAsync(tls, _stop.Token);
                await tls.WriteAsync("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n"u8.ToArray(), _stop.Token);
                await tls.FlushAsync(_stop.Token);
                if (request is not null)
                {
                    _received.Enqueue(request);
                    _arrived.Release();
                }
            }
            catch (Exception) when (_stop.IsCancellationRequested)
            {
                // Stopping: an unfinished exchange is dropped.
            }
            catch (IOException)
            {
                // A peer that went away mid-request (a probe, a cancelled attempt): nothing was received.
            }
            catch (System.Security.Authentication.AuthenticationException)
            {
                // A client that does not trust this certificate: nothing was received.
            }
        }
    }

    private static async Task<ReceivedHook?> ReadRequestAsync(Stream stream, CancellationToken cancellationToken)
    {
        var buffer = new List<byte>();
        var chunk = new byte[8192];
        var headerEnd = -1;
        while (headerEnd < 0)
        {
            var read = await stream.ReadAsync(chunk, cancellationToken);
            if (read == 0) return null;
            buffer.AddRange(chunk.AsSpan(0, read));
            if (buffer.Count > MaxBytes) return null;
            headerEnd = IndexOfBlankLine(buffer);
        }
        var head = Encoding.ASCII.GetString(buffer.GetRange(0, headerEnd).ToArray()).Split("\r\n");
        var headers = head.Skip(1)
            .Select(line => line.Split(':', 2))
            .Where(parts => parts.Length == 2)
            .Select(parts => KeyValuePair.Create(parts[0].Trim(), parts[1].Trim()))
            .ToList();
        var length = int.Parse(headers.First(h => string.Equals(h.Key, "Content-Length", StringComparison.OrdinalIgnoreCase)).Value);
        var body = buffer.Skip(headerEnd + 4).ToList();
        while (body.Count < length)
        {
            var read = await stream.ReadAsync(chunk, cancellationToken);
            if (read == 0) return null;
            body.AddRange(chunk.AsSpan(0, read));
        }
        return new ReceivedHook(headers, [.. body.Take(length)]);
    }

    private static int IndexOfBlankLine(List<byte> bytes)
    {
        for (var i = 0; i + 3 < bytes.Count; i++)
        {
            if (bytes[i] == '\r' && bytes[i + 1] == '\n' && bytes[i + 2] == '\r' && bytes[i + 3] == '\n') return i;
        }
        return -1;
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        _listener.Stop();
        await _loop;
        _certificate.Dispose();
        _stop.Dispose();
        _arrived.Dispose();
    }
}
