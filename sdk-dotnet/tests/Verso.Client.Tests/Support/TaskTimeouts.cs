namespace Verso.Client.Tests.Support;

public static class TaskTimeouts
{
    /// <summary>Fails a test that would otherwise hang when the behaviour under test is broken.</summary>
    public static Task<T> Within<T>(this Task<T> task, int seconds = 10) => task.WaitAsync(TimeSpan.FromSeconds(seconds));
}
