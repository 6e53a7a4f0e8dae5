using System.Diagnostics;
using System.Text;

namespace Verso.Client.Tests.Packaging;

/// <summary>Runs a command to completion and returns what it printed; a non-zero exit or a timeout fails with its
/// output, so a failing pack or consumer build says why.</summary>
internal static class Commands
{
    public sealed record Result(int ExitCode, string Stdout, string Stderr)
    {
        public string Output => Stdout + Stderr;
    }

    public static async Task<Result> RunAsync(
        string fileName, IEnumerable<string> args, string workingDirectory, TimeSpan timeout,
        IReadOnlyDictionary<string, string?>? environment = null, bool check = true)
    {
        var info = new ProcessStartInfo(fileName)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        foreach (var arg in args) info.ArgumentList.Add(arg);
        info.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        info.Environment["DOTNET_NOLOGO"] = "1";
        info.Environment["DOTNET_SKIP_FIRST_TIME_EXPERIENCE"] = "1";
        // dotnet test sets these for the test host; a nested dotnet build must not inherit them.
        info.Environment.Remove("MSBuildExtensionsPath");
        info.Environment.Remove("MSBuildSDKsPath");
        info.Environment.Remove("MSBUILD_EXE_PATH");
        if (environment is not null)
        {
            foreach (var (key, value) in environment)
            {
                if (value is null) info.Environment.Remove(key);
                else info.Environment[key] = value;
            }
        }

        using var process = Process.Start(info) ?? throw new InvalidOperationException($"could not start {fileName}");
        process.StandardInput.Close();
        var stdout = new StringBuilder();
        var stderr = new StringBuilder();
        process.OutputDataReceived += (_, e) => { if (e.Data is not null) lock (stdout) stdout.AppendLine(e.Data); };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) lock (stderr) stderr.AppendLine(e.Data); };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        using var cts = new CancellationTokenSource(timeout);
        try
        {
            await process.WaitForExitAsync(cts.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{fileName} {string.Join(' ', args)} did not finish in {timeout}:\n{stdout}\n{stderr}");
        }
        process.WaitForExit(); // drains the asynchronous readers
        var result = new Result(process.ExitCode, stdout.ToString(), stderr.ToString());
        if (check && result.ExitCode != 0)
            throw new InvalidOperationException($"{fileName} {string.Join(' ', args)} exited with {result.ExitCode}:\n{result.Output}");
        return result;
    }
}
