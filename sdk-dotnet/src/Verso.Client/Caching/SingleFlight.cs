namespace Verso.Client.Caching;

/// <summary>
/// One running fetch per key: callers that miss the same key while a fetch runs wait for it instead of calling the API
/// again. The fetch runs on its own cancellation token, cancelled only when every waiting caller has given up, so one
/// caller's cancellation neither cancels the others nor leaves a fetch running that nobody waits for.
/// </summary>
internal sealed class SingleFlight
{
    private readonly object _gate = new();
    private readonly Dictionary<string, Flight> _flights = new(StringComparer.Ordinal);

    private sealed class Flight
    {
        public readonly TaskCompletionSource<object> Completion = new(TaskCreationOptions.RunContinuationsAsynchronously);
        public readonly CancellationTokenSource Cancel = new();
        public int Waiters;
    }

    /// <summary>How many fetches are running (tests).</summary>
    internal int Running
    {
        get
        {
            lock (_gate) return _flights.Count;
        }
    }

    public async Task<T> RunAsync<T>(string key, Func<CancellationToken, Task<T>> fetch, CancellationToken cancellationToken)
        where T : class
    {
        cancellationToken.ThrowIfCancellationRequested();
        Flight flight;
        var leader = false;
        lock (_gate)
        {
            if (!_flights.TryGetValue(key, out flight!))
            {
                flight = new Flight();
                _flights.Add(key, flight);
                leader = true;
            }
            flight.Waiters++;
        }
        if (leader) _ = LeadAsync(key, flight, fetch);
        try
        {
            return (T)await flight.Completion.Task.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            var abandon = false;
            lock (_gate)
            {
                if (--flight.Waiters == 0 && !flight.Completion.Task.IsCompleted)
                {
                    abandon = true;
                    Forget(key, flight);
                }
            }
            // Outside the lock: cancellation callbacks run synchronously.
            if (abandon) flight.Cancel.Cancel();
        }
    }

    private async Task LeadAsync<T>(string key, Flight flight, Func<CancellationToken, Task<T>> fetch)
        where T : class
    {
        try
        {
            // Yield first so the leading caller is already waiting (and can be cancelled) when the fetch starts.
            await Task.Yield();
            flight.Completion.TrySetResult(await fetch(flight.Cancel.Token).ConfigureAwait(false));
        }
        catch (OperationCanceledException) when (flight.Cancel.IsCancellationRequested)
        {
            flight.Completion.TrySetCanceled(flight.Cancel.Token);
        }
        catch (Exception e)
        {
            flight.Completion.TrySetException(e);
            // Observed here: when every caller gave up, nobody else reads the exception.
            _ = flight.Completion.Task.Exception;
        }
        finally
        {
            lock (_gate) Forget(key, flight);
        }
    }

    private void Forget(string key, Flight flight)
    {
        if (_flights.TryGetValue(key, out var current) && ReferenceEquals(current, flight)) _flights.Remove(key);
    }
}
