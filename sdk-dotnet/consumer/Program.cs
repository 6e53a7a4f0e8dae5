// What a new .NET developer writes against the packed Verso.Client: register the client the way .NET apps do
// (services.AddVersoClient(configuration.GetSection("Verso")) on a ServiceCollection), sign in, upload media with
// progress, read typed content (ToContent<T>) through the content cache, and invalidate the cache from a verified
// webhook delivery. Run by tests/Verso.Client.Tests/Packaging/ConsumerAppTests.cs against the real server that
// sdk-dotnet/test.sh starts; it prints one "CONSUMER <step> <value>" line per step, which the test checks, and exits
// non-zero on any failure.
using System.Text;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Verso.Client;
using Verso.Client.Caching;
using Verso.Client.Content;
using Verso.Client.Generated;
using Verso.Client.Media;
using Verso.Client.Webhooks;
using Verso.Consumer;

// Configuration as a host has it; here from environment variables: Verso__BaseUrl, Consumer__Email, Consumer__Password.
var configuration = new ConfigurationBuilder().AddEnvironmentVariables().Build();
string Setting(string key) => configuration[key] is { Length: > 0 } value ? value : throw new InvalidOperationException($"{key} is not configured");
var email = Setting("Consumer:Email");
var password = Setting("Consumer:Password");
using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(1));
var ct = timeout.Token;

// The signed-in user's session token; the client reads it before every attempt.
string? sessionToken = null;
var services = new ServiceCollection();
services.AddVersoClient(configuration.GetSection("Verso"), options => options.TokenProvider = _ => ValueTask.FromResult(sessionToken));
services.AddVersoContentMemoryCache(options => options.PartitionProvider = () => "consumer-site");
await using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });
var verso = provider.GetRequiredService<VersoClient>();
var cache = provider.GetRequiredService<IVersoContentCache>();
var invalidator = provider.GetRequiredService<IVersoContentCacheInvalidator>();
Console.WriteLine($"CONSUMER client-assembly {typeof(VersoClient).Assembly.Location}");

// Sign in.
var login = await verso.Api.LoginAsync(new LoginRequest { Email = email, Password = password }, ct);
sessionToken = login.Token;
var me = await verso.Api.GetCurrentUserAsync(ct);
Console.WriteLine($"CONSUMER signed-in {me.Email}");

var suffix = Guid.NewGuid().ToString("N")[..8];
var ws = (await verso.Api.CreateWorkspaceAsync(new WorkspaceRequest { Name = $"Consumer {suffix}", Slug = $"consumer-{suffix}" }, ct)).Id;

// Media: a cover image, and a larger file uploaded with sent-byte progress (a synchronous IProgress, so the reports
// arrive in order; the SDK reports after every 64 KiB chunk).
var png = Convert.FromHexString("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082");
var cover = await verso.UploadMediaAsync(ws, new MemoryStream(png), "cover.png", "image/png", "A pixel", cancellationToken: ct);
Console.WriteLine($"CONSUMER uploaded {cover.Id} {cover.SizeBytes} {cover.MimeType}");
var downloaded = await verso.DownloadMediaAsync(ws, cover.Id, ct);
Console.WriteLine($"CONSUMER downloaded {downloaded.FileName} {Convert.ToHexString(downloaded.Content) == Convert.ToHexString(png)}");
var notes = Encoding.UTF8.GetBytes(string.Concat(Enumerable.Range(0, 6000).Select(i => $"Field note {i:0000}: all quiet.\n")));
var reports = new List<long>();
var notesAsset = await verso.UploadMediaAsync(ws, new MemoryStream(notes), "notes.txt", "text/plain", progress: new SyncProgress(reports.Add), cancellationToken: ct);
Console.WriteLine($"CONSUMER upload-progress {notesAsset.SizeBytes} {string.Join(",", reports)}");

// A template (title, featured, cover) and an article published with it.
var (templateVersion, fields) = await Model.PublishedTemplateAsync(verso, ws, "Article", $"article-{suffix}",
[
    Model.Field("title", PrimitiveType.Text, required: true),
    Model.Field("featured", PrimitiveType.Boolean),
    Model.Field("cover", PrimitiveType.Media),
], ct);
var slug = $"hello-{suffix}";
var item = await verso.Api.CreateContentAsync(ws, new CreateContentItemRequest
{
    TemplateVersionId = templateVersion, Slug = slug, LocaleCode = "en", Tags = [],
    Fields =
    [
        new() { FieldId = fields["title"], Order = 0, ValueKind = ValueKind.Text, TextValue = "Hello v1" },
        new() { FieldId = fields["featured"], Order = 0, ValueKind = ValueKind.Boolean, BoolValue = true },
        new() { FieldId = fields["cover"], Order = 0, ValueKind = ValueKind.Media, MediaAssetId = cover.Id },
    ],
}, ct);
await verso.Api.PublishContentVersionAsync(ws, item.Id, 1, new PublishContentVersionRequest { OverrideWorkflow = true }, ct);

// Typed content through the cache.
var article = (await cache.GetContentBySlugAsync(ws, slug, cancellationToken: ct)).ToContent<Article>();
Console.WriteLine($"CONSUMER typed {article.Title}|{article.Featured}|{article.Cover}");

// Version 2 is published; the cache keeps serving version 1 until it is told.
await verso.Api.CreateContentVersionAsync(ws, item.Id, new CreateContentVersionRequest
{
    Fields =
    [
        new() { FieldId = fields["title"], Order = 0, ValueKind = ValueKind.Text, TextValue = "Hello v2" },
        new() { FieldId = fields["featured"], Order = 0, ValueKind = ValueKind.Boolean, BoolValue = false },
    ],
}, cancellationToken: ct);
var v2 = await verso.Api.PublishContentVersionAsync(ws, item.Id, 2, new PublishContentVersionRequest { OverrideWorkflow = true }, ct);
Console.WriteLine($"CONSUMER cached {(await cache.GetContentBySlugAsync(ws, slug, cancellationToken: ct)).ToContent<Article>().Title}");

// The webhook endpoint the site registers (its secret is shown once), and the delivery for version 2's publication.
var endpoint = await verso.Api.CreateWebhookEndpointAsync(ws, new CreateWebhookEndpointRequest
{
    Name = "site revalidation", Url = "https://hooks.example.com/verso", Events = [VersoWebhookEventTypes.ContentVersionPublished],
}, ct);
var delivery = Delivery.ContentVersionPublished(endpoint.Secret, item.Id, ws, templateVersion, v2.Version.Id, 2);

// A delivery changed in transit is refused and invalidates nothing.
var tampered = delivery.Body.ToArray();
tampered[^2] ^= 1;
try
{
    await invalidator.InvalidateFromWebhookAsync(tampered, delivery.Headers, endpoint.Secret, cancellationToken: ct);
    Console.WriteLine("CONSUMER tampered accepted");
}
catch (VersoWebhookException e)
{
    Console.WriteLine($"CONSUMER tampered {e.ReasonCode}");
}
Console.WriteLine($"CONSUMER still-cached {(await cache.GetContentBySlugAsync(ws, slug, cancellationToken: ct)).ToContent<Article>().Title}");

// The genuine delivery: verified, then exactly the item it names is invalidated; the next read is fresh.
var invalidation = await invalidator.InvalidateFromWebhookAsync(delivery.Body, delivery.Headers, endpoint.Secret, cancellationToken: ct);
Console.WriteLine($"CONSUMER invalidated {invalidation.Scope} {invalidation.ContentItemId}");
var fresh = (await cache.GetContentBySlugAsync(ws, slug, cancellationToken: ct)).ToContent<Article>();
Console.WriteLine($"CONSUMER fresh {fresh.Title}|{fresh.Featured}|{fresh.Cover?.ToString() ?? "none"}");
Console.WriteLine($"CONSUMER item {item.Id}");

namespace Verso.Consumer
{
    /// <summary>The article as the site's code wants it: field keys onto properties.</summary>
    public sealed record Article(string Title, bool Featured, Guid? Cover);

    /// <summary>Reports progress on the calling thread, in order (Progress&lt;T&gt; would post to the thread pool).</summary>
    public sealed class SyncProgress(Action<long> report) : IProgress<long>
    {
        public void Report(long value) => report(value);
    }
}
