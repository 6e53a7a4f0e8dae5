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

    /// <summary>How many callers wait for the fetch of <paramref name="key"/> (tests).</summary>
    internal int WaitersOf(string key)
    {
        lock (_gate) return _flights.TryGetValue(key, out var flight) ? flight.Waiters : 0;
    }

    public async Task<T> RunAsync<T>(string key, Func<CancellationToken, Task<T>> fetch, CancellationToken cancellationToken)
        where T : class
    {
        cancellationToken.ThrowIfCancellationRequested();
        Flight flight;
        var leader = false;
        lock (_gate)
        {
            if (!_flights.TryGetValue(key, out flight!) || flight.Completion.Task.IsCompleted)
            {
                flight = new Flight();
                _flights[key] = flight;
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
        T? result = null;
        Exception? error = null;
        var cancelled = false;
        try
        {
            // Yield first so the leading caller is already waiting (and can be cancelled) when the fetch starts.
            await Task.Yield();
            result = await fetch(flight.Cancel.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (flight.Cancel.IsCancellationRequested)
        {
            cancelled = true;
        }
        catch (Exception e)
        {
            error = e;
        }
        // Forgotten before it completes: a caller arriving from now on starts a new read rather than joining one
        // whose outcome (an error, or a value an invalidation has since made stale) is already decided.
        lock (_gate) Forget(key, flight);
        if (cancelled)
        {
            flight.Completion.TrySetCanceled(flight.Cancel.Token);
        }
        else if (error is not null)
        {
            flight.Completion.TrySetException(error);
            // Observed here: when every caller gave up, nobody else reads the exception.
            _ = flight.Completion.Task.Exception;
        }
        else
        {
            flight.Completion.TrySetResult(result!);
        }
    }

    private void Forget(string key, Flight flight)
    {
        if (_flights.TryGetValue(key, out var current) && ReferenceEquals(current, flight)) _flights.Remove(key);
    }
}
