using System.Threading.Channels;
using Microsoft.Extensions.Time.Testing;

namespace Verso.Client.Tests.Support;

/// <summary>A fake clock that also reports each timer the code under test starts, so a test can advance time exactly
/// when a wait has begun instead of guessing with sleeps.</summary>
public sealed class ManualClock : FakeTimeProvider
{
    private readonly Channel<TimeSpan> _timers = Channel.CreateUnbounded<TimeSpan>();

    public ManualClock() : base(new DateTimeOffset(2026, 11, 23, 12, 0, 0, TimeSpan.Zero))
    {
    }

    public override ITimer CreateTimer(TimerCallback callback, object? state, TimeSpan dueTime, TimeSpan period)
    {
        var timer = base.CreateTimer(callback, state, dueTime, period);
        _timers.Writer.TryWrite(dueTime);
        return timer;
    }

    /// <summary>Waits until a timer with exactly this due time has been created.</summary>
    public async Task WaitForTimerAsync(TimeSpan dueTime, int timeoutMs = 5000)
    {
        using var cts = new CancellationTokenSource(timeoutMs);
        while (true)
        {
            var started = await _timers.Reader.ReadAsync(cts.Token);
            if (started == dueTime) return;
        }
    }
}
