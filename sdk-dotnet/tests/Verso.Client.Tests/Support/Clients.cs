using Verso.Client.Resilience;

namespace Verso.Client.Tests.Support;

/// <summary>Builds clients over a stub transport the way an application would, through the public builder.</summary>
public static class Clients
{
    public const string BaseUrl = "https://api.verso.test";

    /// <summary>Real clock, millisecond backoff: retry tests run fast but through the real waiting code.</summary>
    public static VersoResilienceOptions Fast { get; } = new()
    {
        BaseDelay = TimeSpan.FromMilliseconds(1),
        MaxDelay = TimeSpan.FromMilliseconds(20),
        TotalTimeout = TimeSpan.FromSeconds(20),
        AttemptTimeout = TimeSpan.FromSeconds(10),
        CircuitEnabled = false,
    };

    public static VersoClient Build(
        StubTransport transport,
        VersoResilienceOptions? options = null,
        VersoTokenProvider? tokens = null,
        VersoResponseObserver? observer = null)
    {
        var builder = new VersoClientBuilder(BaseUrl)
            .WithTransport(transport)
            .WithResilience(options ?? Fast);
        if (tokens is not null) builder.WithTokenProvider(tokens);
        if (observer is not null) builder.WithResponseObserver(observer);
        return builder.Build();
    }

    /// <summary>A token provider handing out t1, t2, t3, … and counting its calls.</summary>
    public sealed class CountingTokens
    {
        private int _calls;

        public int Calls => Volatile.Read(ref _calls);

        public ValueTask<string?> Next(CancellationToken cancellationToken) =>
            ValueTask.FromResult<string?>("t" + Interlocked.Increment(ref _calls));
    }
}
