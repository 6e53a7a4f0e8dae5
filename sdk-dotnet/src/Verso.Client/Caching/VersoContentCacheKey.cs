using System.Globalization;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using Verso.Client.Serialization;

namespace Verso.Client.Caching;

/// <summary>What a cache entry holds, and so which invalidations reach it.</summary>
public enum VersoContentCacheEntryKind
{
    /// <summary>A content item by id (<c>GetContentAsync</c>).</summary>
    Content,

    /// <summary>One version of an item by number (<c>GetContentVersionAsync</c>).</summary>
    Version,

    /// <summary>The version served for a slug (<c>GetContentBySlugAsync</c>); linked to its item once read.</summary>
    Slug,

    /// <summary>A page of a content list (<c>ListContentAsync</c>).</summary>
    List,

    /// <summary>The workspace's locales (<c>GetWorkspaceLocalesAsync</c>); only a workspace invalidation reaches it.</summary>
    Locales,
}

/// <summary>
/// The key of one cached read: <c>&lt;prefix&gt;:&lt;sha256(partition)&gt;:&lt;workspaceId&gt;:&lt;value&gt;</c>, where the
/// value is <c>item:&lt;id&gt;</c>, <c>version:&lt;id&gt;:&lt;number&gt;:&lt;expandChildren&gt;</c>,
/// <c>slug:&lt;sha256 of slug and options&gt;</c>, <c>list:&lt;sha256 of the query&gt;</c> or <c>locales</c>. A locale
/// is part of the slug's options and of the query, lower-cased (the API compares locales regardless of case). The raw partition (and
/// the raw slug) never appear in it. Get one from the <c>KeyFor…</c> methods of
/// <see cref="IVersoContentCacheInvalidator"/>; pass it to <see cref="IVersoContentCacheInvalidator.InvalidateAsync"/>.
/// </summary>
public sealed class VersoContentCacheKey : IEquatable<VersoContentCacheKey>
{
    private static readonly JsonSerializerOptions Canonical = CreateCanonical();

    private VersoContentCacheKey(string prefix, string partitionHash, Guid workspaceId, VersoContentCacheEntryKind kind, string value, Guid? contentItemId)
    {
        WorkspaceId = workspaceId;
        Kind = kind;
        ContentItemId = contentItemId;
        Text = $"{prefix}:{partitionHash}:{workspaceId:D}:{value}";
    }

    /// <summary>The workspace the entry belongs to.</summary>
    public Guid WorkspaceId { get; }

    /// <summary>What the entry holds.</summary>
    public VersoContentCacheEntryKind Kind { get; }

    /// <summary>The item, when the key names it (<see cref="VersoContentCacheEntryKind.Content"/> and
    /// <see cref="VersoContentCacheEntryKind.Version"/>); null for slugs and lists.</summary>
    public Guid? ContentItemId { get; }

    internal string Text { get; }

    /// <summary>The key as the backend stores it (the distributed backend appends generations).</summary>
    public override string ToString() => Text;

    /// <inheritdoc />
    public bool Equals(VersoContentCacheKey? other) => other is not null && other.Text == Text;

    /// <inheritdoc />
    public override bool Equals(object? obj) => Equals(obj as VersoContentCacheKey);

    /// <inheritdoc />
    public override int GetHashCode() => StringComparer.Ordinal.GetHashCode(Text);

    internal static string HashPartition(string partition) => Sha256(partition);

    internal static VersoContentCacheKey ForContent(string prefix, string partitionHash, Guid workspaceId, Guid id) =>
        new(prefix, partitionHash, workspaceId, VersoContentCacheEntryKind.Content, $"item:{id:D}", id);

    internal static VersoContentCacheKey ForVersion(string prefix, string partitionHash, Guid workspaceId, Guid id, int versionNumber, bool? expandChildren) =>
        new(prefix, partitionHash, workspaceId, VersoContentCacheEntryKind.Version,
            $"version:{id:D}:{versionNumber.ToString(CultureInfo.InvariantCulture)}:{Flag(expandChildren)}", id);

    internal static VersoContentCacheKey ForSlug(string prefix, string partitionHash, Guid workspaceId, string slug, DateTimeOffset? asOf, bool? expandChildren, string? locale)
    {
        ArgumentNullException.ThrowIfNull(slug);
        // Hashed: a slug is free text of any length, and a key should not grow with it nor carry it.
        var canonical = JsonSerializer.Serialize(new SlugQuery(slug, asOf?.ToUniversalTime(), expandChildren, LocaleKey(locale)), Canonical);
        return new(prefix, partitionHash, workspaceId, VersoContentCacheEntryKind.Slug, "slug:" + Sha256(canonical), null);
    }

    internal static VersoContentCacheKey ForList(string prefix, string partitionHash, Guid workspaceId, VersoContentListQuery? query)
    {
        query ??= new VersoContentListQuery();
        // Instants are normalised to UTC so one moment written with two offsets is one entry.
        var normal = query with
        {
            CreatedAfter = query.CreatedAfter?.ToUniversalTime(),
            CreatedBefore = query.CreatedBefore?.ToUniversalTime(),
            PublishedAfter = query.PublishedAfter?.ToUniversalTime(),
            PublishedBefore = query.PublishedBefore?.ToUniversalTime(),
            AsOf = query.AsOf?.ToUniversalTime(),
            Locale = LocaleKey(query.Locale),
        };
        return new(prefix, partitionHash, workspaceId, VersoContentCacheEntryKind.List, "list:" + Sha256(JsonSerializer.Serialize(normal, Canonical)), null);
    }

    internal static VersoContentCacheKey ForLocales(string prefix, string partitionHash, Guid workspaceId) =>
        new(prefix, partitionHash, workspaceId, VersoContentCacheEntryKind.Locales, "locales", null);

    /// <summary>One key for every spelling of a locale (<c>de-ch</c>, <c>de-CH</c>): the API answers them alike.</summary>
    private static string? LocaleKey(string? locale) => string.IsNullOrEmpty(locale) ? null : locale.ToLowerInvariant();

    private static string Flag(bool? value) => value switch { true => "true", false => "false", null => "default" };

    private static string Sha256(string text) => Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(text))).ToLowerInvariant();

    private static JsonSerializerOptions CreateCanonical()
    {
        // Declaration order, nulls written, enums as the contract's strings: one query has exactly one text.
        var options = new JsonSerializerOptions();
        options.Converters.Add(new EnumMemberConverterFactory());
        return options;
    }

    // Without a locale the text is what it was before locales existed, so those keys did not change.
    private sealed record SlugQuery(string Slug, DateTimeOffset? AsOf, bool? ExpandChildren,
        [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Locale);
}
