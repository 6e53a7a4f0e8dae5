using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.Contract;

/// <summary>The Prism the tests start is the prism process itself (no npx wrapper), and stopping it by PID ends it.</summary>
public sealed class PrismLifecycleTests
{
    [Fact]
    public async Task Prism_started_by_the_tests_is_stopped_by_its_pid_and_leaves_no_process()
    {
        var prism = await PrismProcess.StartAsync();
        var pid = prism.Pid;
        try
        {
            // The PID we hold is the one serving: its command line is prism's, run by node.
            var commandLine = File.ReadAllText($"/proc/{pid}/cmdline").Replace('\0', ' ');
            Assert.Contains("prism", commandLine);
            Assert.Contains($"-p {prism.Url.Port}", commandLine);
            Assert.DoesNotContain("npx", commandLine);
        }
        finally
        {
            await prism.DisposeAsync();
        }
        Assert.False(NodeTools.IsRunning(pid), $"prism (pid {pid}) is still running");
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(2) };
        await Assert.ThrowsAsync<HttpRequestException>(() => http.GetAsync(prism.Url));
    }
}
