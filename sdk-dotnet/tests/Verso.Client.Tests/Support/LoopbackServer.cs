using System.Collections.Concurrent;
using System.Net;
using System.Net.Sockets;

namespace Verso.Client.Tests.Support;

/// <summary>A scripted HTTP server on 127.0.0.1 (System.Net.HttpListener), to run the client over real sockets with its
/// default transport. The n-th request gets the n-th handler; the last one repeats.</summary>
public sealed class LoopbackServer : IAsyncDisposable
{
    private readonly HttpListener _listener = new();
    private readonly Func<HttpListenerContext, Task>[] _handlers;
    private readonly ConcurrentQueue<(string? Authorization, string? CorrelationId, string Path)> _seen = new();
    private readonly Task _loop;
    private int _count;

    public LoopbackServer(params Func<HttpListenerContext, Task>[] handlers)
    {
        _handlers = handlers;
        Port = FreePort();
        _listener.Prefixes.Add($"http://127.0.0.1:{Port}/");
        _listener.Start();
        _loop = Task.Run(AcceptAsync);
    }

    public int Port { get; }

    public string BaseUrl => $"http://127.0.0.1:{Port}";

    public IReadOnlyList<(string? Authorization, string? CorrelationId, string Path)> Requests => _seen.ToList();

    public static int FreePort()
    {
        var probe = new TcpListener(IPAddress.Loopback, 0);
        probe.Start();
        var port = ((IPEndPoint)probe.LocalEndpoint).Port;
        probe.Stop();
        return port;
    }

    public static Func<HttpListenerContext, Task> Respond(int status, string body = "{}", params (string Name, string Value)[] headers) => async context =>
    {
        context.Response.StatusCode = status;
        context.Response.ContentType = status >= 400 ? "application/problem+json" : "application/json";
        foreach (var (name, value) in headers) context.Response.Headers[name] = value;
        var bytes = System.Text.Encoding.UTF8.GetBytes(body);
        context.Response.ContentLength64 = bytes.Length;
        await context.Response.OutputStream.WriteAsync(bytes);
        context.Response.Close();
    };

    private async Task AcceptAsync()
    {
        while (_listener.IsListening)
        {
            HttpListenerContext context;
            try
            {
                context = await _listener.GetContextAsync();
            }
            catch (Exception) when (!_listener.IsListening)
            {
                return;
            }
            catch (HttpListenerException)
            {
                return;
            }
            var index = Interlocked.Increment(ref _count) - 1;
            _seen.Enqueue((context.Request.Headers["Authorization"], context.Request.Headers["X-Correlation-Id"], context.Request.Url!.AbsolutePath));
            _ = _handlers[Math.Min(index, _handlers.Length - 1)](context);
        }
    }

    public async ValueTask DisposeAsync()
    {
        // Close alone. After Stop(), Close() looks the port's endpoint up again and HttpListener binds
        // the port anew to remove it: "Address already in use" when another process took the port in
        // between (seen on a busy CI machine).
        _listener.Close();
        await _loop;
    }
}
