using System.Collections.Concurrent;

namespace Verso.Client.Caching;

/// <summary>
/// A counter per workspace, raised by every invalidation there. A read notes it before calling the API
/// and stores its result only if it has not moved, then checks again after storing (removing the entry if it moved):
/// whichever order a read and an invalidation interleave in, the read's possibly stale result does not stay cached.
/// Deliberately coarse: any invalidation of the workspace, even of another item, keeps an in-flight read out of the
/// cache; that read's caller still gets its result and the next read fetches again.
/// </summary>
internal sealed class InvalidationSequence
{
    private readonly ConcurrentDictionary<Guid, long> _counters = new();

    public long Read(Guid workspaceId) => _counters.TryGetValue(workspaceId, out var value) ? value : 0;

    public void Raise(Guid workspaceId) => _counters.AddOrUpdate(workspaceId, 1, static (_, value) => value + 1);
}
