// What a new .NET developer writes against the packed Verso.Client: an ASP.NET Core app that registers the client the
// way .NET apps do (builder.Services.AddVersoClient(builder.Configuration.GetSection("Verso"))), signs in, uploads
// media with progress, reads typed content (ToContent<T>) through the content cache, and serves an HTTPS webhook
// route (Kestrel) that the Verso server delivers content.version_published to; the route verifies each delivery and
// invalidates the cache from it. Run by tests/Verso.Client.Tests/Packaging/ConsumerAppTests.cs against the real
// server that sdk-dotnet/test.sh starts; it prints one "CONSUMER <step> <value>" line per step, which the test checks,
// and exits non-zero on any failure.
//
// The route is served as https://hooks.example.test:<port>/verso-webhook: the test server resolves that name to
// 127.0.0.1 and trusts the CA that issued the certificate this app serves (VERSO_E2E_HOOK_CERT / _KEY), so the
// delivery is the server's own, over real TLS, signed with the secret this app registered.
using System.Net;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;
using System.Text;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Verso.Client;
using Verso.Client.Caching;
using Verso.Client.Content;
using Verso.Client.Generated;
using Verso.Client.Media;
using Verso.Client.Webhooks;
using Verso.Consumer;

// Configuration as a host has it; here from environment variables: Verso__BaseUrl, Consumer__Email,
// Consumer__Password, Consumer__HookCert, Consumer__HookKey.
var builder = WebApplication.CreateBuilder(args);
builder.Logging.SetMinimumLevel(LogLevel.Warning);
builder.Host.UseDefaultServiceProvider(options => { options.ValidateOnBuild = true; options.ValidateScopes = true; });
var configuration = builder.Configuration;
string Setting(string key) => configuration[key] is { Length: > 0 } value ? value : throw new InvalidOperationException($"{key} is not configured");
var email = Setting("Consumer:Email");
var password = Setting("Consumer:Password");
using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(1));
var ct = timeout.Token;

// The webhook route listens on a loopback port Kestrel picks, with the certificate for hooks.example.test.
var hookCertificate = X509Certificate2.CreateFromPemFile(Setting("Consumer:HookCert"), Setting("Consumer:HookKey"));
builder.WebHost.ConfigureKestrel(kestrel => kestrel.Listen(IPAddress.Loopback, 0, listen => listen.UseHttps(hookCertificate)));

// The signed-in user's session token; the client reads it before every attempt.
string? sessionToken = null;
builder.Services.AddVersoClient(configuration.GetSection("Verso"), options => options.TokenProvider = _ => ValueTask.FromResult(sessionToken));
builder.Services.AddVersoContentMemoryCache(options => options.PartitionProvider = () => "consumer-site");

// The endpoint's signing secret: chosen by the site and given to Verso when the endpoint is registered.
var hookSecret = "consumer-site:" + Convert.ToHexString(RandomNumberGenerator.GetBytes(16)).ToLowerInvariant();
// What the article is looked up by once it exists (the route reads it too).
var ws = Guid.Empty;
var slug = "";
var delivered = new TaskCompletionSource<Received>(TaskCreationOptions.RunContinuationsAsynchronously);

await using var app = builder.Build();
var verso = app.Services.GetRequiredService<VersoClient>();
var cache = app.Services.GetRequiredService<IVersoContentCache>();
async Task<string> CachedTitle(CancellationToken cancellation) =>
    (await cache.GetContentBySlugAsync(ws, slug, cancellationToken: cancellation)).ToContent<Article>().Title;

// The webhook route: the raw body bytes as sent (the signature covers them exactly), verified with the endpoint's
// secret, then exactly what the event names is invalidated; 2xx only when that succeeded, so Verso retries otherwise.
app.MapPost("/verso-webhook", async (HttpRequest request, IVersoContentCacheInvalidator invalidator, CancellationToken cancellation) =>
{
    using var buffer = new MemoryStream();
    await request.Body.CopyToAsync(buffer, cancellation);
    var body = buffer.ToArray();
    // What the cache serves when the delivery arrives, i.e. after the publication it announces.
    var cachedBefore = await CachedTitle(cancellation);
    // The same delivery changed by one byte in transit is refused and invalidates nothing.
    var forged = body.ToArray();
    forged[^2] ^= 1;
    string forgedOutcome;
    try
    {
        await invalidator.InvalidateFromWebhookAsync(forged, request.Headers, hookSecret, cancellationToken: cancellation);
        forgedOutcome = "accepted";
    }
    catch (VersoWebhookException e)
    {
        forgedOutcome = e.ReasonCode;
    }
    var cachedAfterForged = await CachedTitle(cancellation);
    try
    {
        var invalidation = await invalidator.InvalidateFromWebhookAsync(body, request.Headers, hookSecret, cancellationToken: cancellation);
        // The run waits for version 2's publication (version 1's, published just before the endpoint existed, is
        // not expected, but would be handled the same way).
        if (invalidation.Event.PayloadAs<VersoContentEventPayload>().VersionNumber == 2)
            delivered.TrySetResult(new Received(request.Headers["X-Verso-Event"].ToString(), cachedBefore, forgedOutcome, cachedAfterForged, invalidation));
        return Results.NoContent();
    }
    catch (VersoWebhookException e)
    {
        delivered.TrySetException(new InvalidOperationException($"a delivery to the route failed verification: {e.ReasonCode}", e));
        return Results.BadRequest();
    }
});
await app.StartAsync(ct);
// The address Kestrel bound (port 0 above: one it picked), e.g. https://127.0.0.1:40123.
var hookPort = new Uri(app.Urls.Single()).Port;
Console.WriteLine($"CONSUMER client-assembly {typeof(VersoClient).Assembly.Location}");

// Sign in.
var login = await verso.Api.LoginAsync(new LoginRequest { Email = email, Password = password }, ct);
sessionToken = login.Token;
var me = await verso.Api.GetCurrentUserAsync(ct);
Console.WriteLine($"CONSUMER signed-in {me.Email}");

var suffix = Guid.NewGuid().ToString("N")[..8];
ws = (await verso.Api.CreateWorkspaceAsync(new WorkspaceRequest { Name = $"Consumer {suffix}", Slug = $"consumer-{suffix}" }, ct)).Id;

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
slug = $"hello-{suffix}";
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

// The site registers its webhook route for publications; Verso shows the secret once (here: the one the site chose).
var endpoint = await verso.Api.CreateWebhookEndpointAsync(ws, new CreateWebhookEndpointRequest
{
    Name = "site revalidation", Url = $"https://hooks.example.test:{hookPort}/verso-webhook",
    Events = [VersoWebhookEventTypes.ContentVersionPublished], Secret = hookSecret,
}, ct);
Console.WriteLine($"CONSUMER endpoint {endpoint.Endpoint.Url}");

// Version 2 is published; the server delivers content.version_published to the route, which invalidates the item.
await verso.Api.CreateContentVersionAsync(ws, item.Id, new CreateContentVersionRequest
{
    Fields =
    [
        new() { FieldId = fields["title"], Order = 0, ValueKind = ValueKind.Text, TextValue = "Hello v2" },
        new() { FieldId = fields["featured"], Order = 0, ValueKind = ValueKind.Boolean, BoolValue = false },
    ],
}, cancellationToken: ct);
var v2 = await verso.Api.PublishContentVersionAsync(ws, item.Id, 2, new PublishContentVersionRequest { OverrideWorkflow = true }, ct);
Console.WriteLine($"CONSUMER published {v2.Version.Id}");

var received = await delivered.Task.WaitAsync(TimeSpan.FromSeconds(30), ct);
var payload = received.Invalidation.Event.PayloadAs<VersoContentEventPayload>();
Console.WriteLine($"CONSUMER delivered {received.EventHeader} {received.Invalidation.Event.Type} {payload.ContentVersionId} {payload.VersionNumber}");
Console.WriteLine($"CONSUMER cached {received.CachedBefore}");
Console.WriteLine($"CONSUMER tampered {received.Forged}");
Console.WriteLine($"CONSUMER still-cached {received.CachedAfterForged}");
Console.WriteLine($"CONSUMER invalidated {received.Invalidation.Scope} {received.Invalidation.ContentItemId}");

// The next read goes to the server and gets version 2.
var fresh = (await cache.GetContentBySlugAsync(ws, slug, cancellationToken: ct)).ToContent<Article>();
Console.WriteLine($"CONSUMER fresh {fresh.Title}|{fresh.Featured}|{fresh.Cover?.ToString() ?? "none"}");
Console.WriteLine($"CONSUMER item {item.Id}");
await app.StopAsync(ct);

namespace Verso.Consumer
{
    /// <summary>The article as the site's code wants it: field keys onto properties.</summary>
    public sealed record Article(string Title, bool Featured, Guid? Cover);

    /// <summary>What the webhook route saw of the delivery: its X-Verso-Event header, the cached title when it arrived,
    /// the forged copy's outcome, the cached title after that, and what the genuine delivery invalidated.</summary>
    public sealed record Received(string EventHeader, string CachedBefore, string Forged, string CachedAfterForged, VersoContentCacheInvalidation Invalidation);

    /// <summary>Reports progress on the calling thread, in order (Progress&lt;T&gt; would post to the thread pool).</summary>
    public sealed class SyncProgress(Action<long> report) : IProgress<long>
    {
        public void Report(long value) => report(value);
    }
}
