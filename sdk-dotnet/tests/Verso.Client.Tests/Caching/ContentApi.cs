using System.Collections.Concurrent;
using System.Text.Json;
using System.Text.RegularExpressions;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.Caching;

/// <summary>
/// The content endpoints the cache reads, answered over the stub transport from a small in-memory model: items with a
/// slug and a published version number that <see cref="Publish"/> raises, so a stale read is visible. It records
/// every request, and <see cref="Hold"/> keeps the next request waiting until the test releases it (an in-flight read).
/// </summary>
internal sealed partial class ContentApi
{
    private static readonly JsonSerializerOptions Web = new(JsonSerializerDefaults.Web);
    private readonly ConcurrentDictionary<Guid, Item> _items = new();
    private readonly ConcurrentQueue<string> _seen = new();
    private readonly ConcurrentDictionary<Guid, Guid> _children = new();
    private Held? _hold;

    public ContentApi(Guid? workspace = null)
    {
        Workspace = workspace ?? Guid.NewGuid();
        OtherWorkspace = Guid.NewGuid();
        Transport = new StubTransport(AnswerAsync);
    }

    private sealed record Item(Guid Workspace, Guid Id, string Slug, int Version);

    public Guid Workspace { get; }

    /// <summary>Answer as a preview token is answered (issue #27): every version and list item marked <c>isPreview</c>.</summary>
    public bool Preview { get; set; }

    /// <summary>A second workspace, to show what an invalidation leaves alone.</summary>
    public Guid OtherWorkspace { get; }

    public StubTransport Transport { get; }

    /// <summary>Path and query of every request, in arrival order.</summary>
    public IReadOnlyList<string> Seen => _seen.ToList();

    public int Count => Transport.Count;

    /// <summary>How many requests had exactly this path and query below <c>/api/v1/workspaces/{workspace}/</c>.</summary>
    public int Exactly(string relative, Guid? workspace = null) =>
        _seen.Count(p => p == $"/api/v1/workspaces/{workspace ?? Workspace}/{relative}");

    public int CountOf(string pathFragment) => _seen.Count(p => p.Contains(pathFragment, StringComparison.Ordinal));

    /// <summary>A published item (version 1) in <paramref name="workspace"/> (default: <see cref="Workspace"/>).</summary>
    public Guid Add(string slug, Guid? id = null, Guid? workspace = null)
    {
        var item = new Item(workspace ?? Workspace, id ?? Guid.NewGuid(), slug, 1);
        _items[item.Id] = item;
        return item.Id;
    }

    public int VersionOf(Guid id) => _items[id].Version;

    /// <summary>The parent's versions get a ChildContent field pointing at the child, expanded unless the request
    /// says <c>expandChildren=false</c>.</summary>
    public void Link(Guid parent, Guid child) => _children[parent] = child;

    /// <summary>A new version of the item is published: what the API serves changes.</summary>
    public void Publish(Guid id) => _items.AddOrUpdate(id, _ => throw new InvalidOperationException("no such item"), (_, i) => i with { Version = i.Version + 1 });

    /// <summary>A request kept at the server: <see cref="Reached"/> completes once its answer is computed (from the
    /// model as it was then), and the answer goes back when the test calls <see cref="Release"/>.</summary>
    public sealed class Held
    {
        internal readonly TaskCompletionSource ReachedSource = new(TaskCreationOptions.RunContinuationsAsynchronously);
        internal readonly TaskCompletionSource ReleaseSource = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public Task Reached => ReachedSource.Task.WaitAsync(TimeSpan.FromSeconds(10));

        public void Release() => ReleaseSource.SetResult();
    }

    /// <summary>Holds the next request (see <see cref="Held"/>).</summary>
    public Held Hold() => _hold = new Held();

    [GeneratedRegex("^/api/v1/workspaces/(?<ws>[^/]+)/content(?:/(?:(?<bySlug>by-slug/(?<slug>[^/]+))|(?<id>[0-9a-f-]{36})(?:/versions/(?<n>[0-9]+))?))?$")]
    private static partial Regex Route();

    private async Task<HttpResponseMessage> AnswerAsync(SeenRequest request, CancellationToken cancellationToken)
    {
        _seen.Enqueue(request.Uri.PathAndQuery);
        // The answer is what the model holds when the request arrives; a held request brings it back later.
        var response = Answer(request);
        if (Interlocked.Exchange(ref _hold, null) is { } hold)
        {
            hold.ReachedSource.SetResult();
            await hold.ReleaseSource.Task.WaitAsync(cancellationToken);
        }
        return response;
    }

    private HttpResponseMessage Answer(SeenRequest request)
    {
        var match = Route().Match(request.Uri.AbsolutePath);
        if (!match.Success) return NotFound();
        var ws = Guid.Parse(match.Groups["ws"].Value);
        if (match.Groups["bySlug"].Success)
        {
            var slug = Uri.UnescapeDataString(match.Groups["slug"].Value);
            var item = _items.Values.FirstOrDefault(i => i.Workspace == ws && i.Slug == slug);
            if (item is null) return NotFound();
            // As the API derives it: the served versions of the item and of its expanded child (never on a preview).
            var expand = Expand(request);
            var tag = Preview ? null : $"\"{item.Id:N}-{item.Version}-{(expand && _children.TryGetValue(item.Id, out var c) && _items.TryGetValue(c, out var ch) ? ch.Version : 0)}\"";
            return Validated(request, tag, () => Version(item, item.Version, expand));
        }
        if (match.Groups["id"].Success)
        {
            if (!_items.TryGetValue(Guid.Parse(match.Groups["id"].Value), out var item) || item.Workspace != ws) return NotFound();
            return match.Groups["n"].Success ? Json(Version(item, int.Parse(match.Groups["n"].Value), Expand(request))) : Json(Detail(item));
        }
        var listed = _items.Values.Where(i => i.Workspace == ws).OrderBy(i => i.Slug, StringComparer.Ordinal).ToList();
        var listTag = Preview ? null : "\"" + string.Join(".", listed.Select(i => $"{i.Id:N}-{i.Version}")).GetHashCode().ToString("x") + "\"";
        return Validated(request, listTag, () =>
        {
            var items = listed.Select(Summary).ToList();
            return new { items, totalCount = items.Count, page = 1, pageSize = 20, totalPages = 1 };
        });
    }

    /// <summary>How many requests were answered 304.</summary>
    public int NotModified => Volatile.Read(ref _notModified);

    private int _notModified;

    /// <summary>A delivery read: 304 when If-None-Match names <paramref name="tag"/>, else the body with the tag.</summary>
    private HttpResponseMessage Validated(SeenRequest request, string? tag, Func<object> body)
    {
        if (tag is not null && request.IfNoneMatch == tag)
        {
            Interlocked.Increment(ref _notModified);
            var notModified = new HttpResponseMessage(System.Net.HttpStatusCode.NotModified);
            notModified.Headers.TryAddWithoutValidation("ETag", tag);
            return notModified;
        }
        var response = Json(body());
        if (tag is not null) response.Headers.TryAddWithoutValidation("ETag", tag);
        return response;
    }

    private static bool Expand(SeenRequest request) => !request.Uri.Query.Contains("expandChildren=false", StringComparison.Ordinal);

    private object Version(Item item, int number, bool expand)
    {
        var fields = new List<object> { new { fieldId = Guid.Empty, key = "title", order = 0, valueKind = "Text", textValue = $"{item.Slug} v{number}" } };
        if (_children.TryGetValue(item.Id, out var childId) && _items.TryGetValue(childId, out var child))
        {
            fields.Add(new { fieldId = Guid.Empty, key = "related", order = 1, valueKind = "ChildContent", childContentItemId = child.Id, child = expand ? Version(child, child.Version, expand) : null });
        }
        return new
        {
            id = Guid.NewGuid(), contentItemId = item.Id, versionNumber = number, status = "Published", templateVersionId = Guid.Empty,
            slug = item.Slug, localeCode = "en", tags = Array.Empty<string>(), createdAt = DateTimeOffset.UnixEpoch, updatedAt = DateTimeOffset.UnixEpoch,
            templateName = "Article", fields, isPreview = Preview ? true : (bool?)null,
        };
    }

    private object Detail(Item item) => new
    {
        id = item.Id, templateVersionId = Guid.Empty, templateName = "Article", templateSlug = "article", slug = item.Slug, localeCode = "en",
        tags = Array.Empty<string>(), createdAt = DateTimeOffset.UnixEpoch, updatedAt = DateTimeOffset.UnixEpoch,
        currentlyServingVersion = new { id = Guid.NewGuid(), versionNumber = item.Version, status = "Published" },
        versions = Array.Empty<object>(),
    };

    private object Summary(Item item) => new
    {
        id = item.Id, templateVersionId = Guid.Empty, templateName = "Article", templateSlug = "article", slug = item.Slug, localeCode = "en",
        tags = Array.Empty<string>(), createdAt = DateTimeOffset.UnixEpoch, updatedAt = DateTimeOffset.UnixEpoch,
        currentlyServingVersion = new { id = Guid.NewGuid(), versionNumber = item.Version, status = "Published" },
        isPreview = Preview ? true : (bool?)null,
    };

    private static HttpResponseMessage Json(object body) => Replies.Response(200, JsonSerializer.Serialize(body, Web), "application/json");

    private static HttpResponseMessage NotFound() =>
        Replies.Response(404, """{"type":"https://verso.dev/errors/not-found","title":"Not Found","status":404}""", "application/problem+json");
}
