using System.Diagnostics;
using System.Text;

namespace Verso.Client.Tests.Support;

/// <summary>
/// A Prism mock of openapi/dist/openapi.json, started the way sdk-ts/README.md documents:
/// <c>node_modules/.bin/prism mock openapi/dist/openapi.json -h 127.0.0.1 -p &lt;free port&gt;</c>, run directly
/// (never through npx, whose wrapper would leave prism orphaned) and stopped by killing its PID.
/// </summary>
public sealed class PrismProcess : IAsyncDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _output = new();

    private PrismProcess(Process process, Uri url)
    {
        _process = process;
        Url = url;
        Pid = process.Id;
    }

    public Uri Url { get; }

    public int Pid { get; }

    /// <summary>What Prism printed (its request log explains a rejected request).</summary>
    public string Output
    {
        get { lock (_output) return _output.ToString(); }
    }

    public static async Task<PrismProcess> StartAsync(TimeSpan? startTimeout = null)
    {
        if (!File.Exists(NodeTools.PrismBin))
            throw new FileNotFoundException("node_modules/.bin/prism is missing: run npm install at the repository root", NodeTools.PrismBin);
        var port = NodeTools.FreePort();
        var info = NodeTools.StartInfo(NodeTools.PrismBin, "mock", "openapi/dist/openapi.json", "-h", "127.0.0.1", "-p", port.ToString());
        var process = Process.Start(info) ?? throw new InvalidOperationException("prism did not start");
        var prism = new PrismProcess(process, new Uri($"http://127.0.0.1:{port}/"));
        process.OutputDataReceived += (_, e) => prism.Append(e.Data);
        process.ErrorDataReceived += (_, e) => prism.Append(e.Data);
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        // If the test host dies first, prism must not outlive it.
        AppDomain.CurrentDomain.ProcessExit += prism.KillOnExit;

        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(1) };
        var deadline = DateTime.UtcNow + (startTimeout ?? TimeSpan.FromSeconds(60));
        while (true)
        {
            if (process.HasExited)
            {
                await prism.DisposeAsync();
                throw new InvalidOperationException($"prism exited before answering:\n{prism.Output}");
            }
            try
            {
                // Any HTTP answer (Prism says 404 for "/") means it is listening.
                using var _ = await http.GetAsync(prism.Url);
                return prism;
            }
            catch (Exception e) when (e is HttpRequestException or TaskCanceledException)
            {
                if (DateTime.UtcNow > deadline)
                {
                    await prism.DisposeAsync();
                    throw new TimeoutException($"prism did not answer on {prism.Url} in time:\n{prism.Output}");
                }
                await Task.Delay(100);
            }
        }
    }

    private void Append(string? line)
    {
        if (line is null) return;
        lock (_output) _output.AppendLine(line);
    }

    private void KillOnExit(object? sender, EventArgs e)
    {
        try { _process.Kill(); } catch (InvalidOperationException) { }
    }

    public async ValueTask DisposeAsync()
    {
        AppDomain.CurrentDomain.ProcessExit -= KillOnExit;
        try
        {
            if (!_process.HasExited) _process.Kill();
        }
        catch (InvalidOperationException)
        {
            // Already gone.
        }
        using var cts = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        await _process.WaitForExitAsync(cts.Token);
        _process.Dispose();
    }
}
