using System.IO.Compression;
using System.Security.Cryptography;
using System.Text.Json;
using Verso.Client.Tests.Support;
using static Verso.Client.Tests.Support.E2eEnvironment;

namespace Verso.Client.Tests.Packaging;

/// <summary>
/// The packed SDK as a developer meets it: a new net10.0 ASP.NET Core app (sdk-dotnet/consumer/) references
/// Verso.Client by PackageReference from a local folder feed holding the fresh .nupkg, restores, builds and runs
/// against the real API that test.sh starts: it registers the client with
/// <c>builder.Services.AddVersoClient(builder.Configuration.GetSection("Verso"))</c>, signs in, uploads media with
/// progress (and downloads it), publishes an article, reads it as a record with <c>ToContent&lt;T&gt;()</c> through the
/// content cache, registers its Kestrel HTTPS webhook route with the server, and publishes version 2. The server
/// delivers content.version_published to that route for real (over TLS, to hooks.example.test resolved to loopback by
/// the test server); the route finds the cache still serving version 1, has a one-byte-tampered copy refused, and
/// the genuine delivery invalidates exactly that item, so the next read is version 2. The app's output lines are
/// checked step by step.
/// </summary>
/// <remarks>
/// The app restores into its own packages folder with a package source mapping that allows Verso.Client only from
/// the local feed, and the test compares the restored package's hash with the packed file: no Verso.Client from a
/// cache or another feed can stand in. Dependencies come from the machine's NuGet sources (the global packages
/// folder as a local feed first, then the offline folder and nuget.org). Missing VERSO_E2E_* variables fail the test.
/// </remarks>
[Collection(PackedSdkCollection.Name)]
public sealed class ConsumerAppTests(PackedSdk packed)
{
    [Fact]
    public async Task A_net10_web_app_on_the_packed_SDK_uploads_media_reads_typed_cached_content_and_is_invalidated_by_a_real_webhook_delivery()
    {
        var email = Required("VERSO_E2E_EMAIL");
        var environment = new Dictionary<string, string?>
        {
            // The app reads its configuration as a host does: section "Verso" for AddVersoClient, "Consumer" for the login.
            ["Verso__BaseUrl"] = Required("VERSO_E2E_BASE_URL"),
            ["Consumer__Email"] = email,
            ["Consumer__Password"] = Required("VERSO_E2E_PASSWORD"),
            // The certificate the server's webhook deliveries trust for hooks.example.test: the app's route serves it.
            ["Consumer__HookCert"] = Required("VERSO_E2E_HOOK_CERT"),
            ["Consumer__HookKey"] = Required("VERSO_E2E_HOOK_KEY"),
            // Kestrel listens where the app says (a loopback port it picks), nowhere an inherited variable says.
            ["ASPNETCORE_URLS"] = null,
            ["ASPNETCORE_HTTP_PORTS"] = null,
            ["ASPNETCORE_HTTPS_PORTS"] = null,
            ["VERSO_E2E_PASSWORD"] = null,
        };
        var app = CreateApp();

        var build = await Commands.RunAsync("dotnet",
            ["build", app, "-c", "Release", "-nologo", "-v", "minimal", "--disable-build-servers", "-p:UseSharedCompilation=false",
             $"-p:VersoClientVersion={packed.Version}"],
            app, TimeSpan.FromMinutes(3), environment);
        AssertRestoredFromThePackedFile(app);

        var run = await Commands.RunAsync("dotnet", ["run", "--project", app, "-c", "Release", "--no-build", "--no-restore"],
            app, TimeSpan.FromMinutes(2), environment, check: false);
        Assert.True(run.ExitCode == 0, $"the consumer app failed ({run.ExitCode}):\n{run.Output}\nbuild:\n{build.Output}");
        var lines = run.Stdout.Split('\n', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries)
            .Where(l => l.StartsWith("CONSUMER ", StringComparison.Ordinal))
            .Select(l => l["CONSUMER ".Length..].Split(' ', 2))
            .ToDictionary(p => p[0], p => p.Length > 1 ? p[1] : "");
        string Line(string step) => lines.TryGetValue(step, out var value) ? value : throw new Xunit.Sdk.XunitException($"no '{step}' line in:\n{run.Output}");

        // The assembly the app loaded is byte for byte the package's net10.0 one.
        using (var nupkg = ZipFile.OpenRead(packed.Nupkg))
        using (var packaged = nupkg.GetEntry("lib/net10.0/Verso.Client.dll")!.Open())
            Assert.Equal(Convert.ToHexString(SHA256.HashData(packaged)), Convert.ToHexString(SHA256.HashData(File.ReadAllBytes(Line("client-assembly")))));

        // Registered with AddVersoClient(configuration.GetSection("Verso")), signed in through it.
        Assert.Equal(email, Line("signed-in"));

        // Media: stored as uploaded; progress counted up to every byte of the file; the download is the same bytes.
        var uploaded = Line("uploaded").Split(' ');
        var coverId = Guid.Parse(uploaded[0]);
        Assert.Equal(("66", "image/png"), (uploaded[1], uploaded[2]));
        Assert.Equal("cover.png True", Line("downloaded"));
        var upload = Line("upload-progress").Split(' ');
        var size = long.Parse(upload[0]);
        var progress = upload[1].Split(',').Select(long.Parse).ToList();
        Assert.Equal(size, progress[^1]);
        Assert.True(progress.Count >= 3, $"one report per 64 KiB chunk of {size} bytes: {upload[1]}");
        Assert.Equal(progress.Order(), progress);
        Assert.Equal(progress.Count, progress.Distinct().Count());

        // Typed content (ToContent<Article>) through the cache.
        Assert.Equal($"Hello v1|True|{coverId}", Line("typed"));

        // The webhook endpoint is the app's own HTTPS route; the server delivered version 2's publication to it.
        Assert.Matches(@"^https://hooks\.example\.test:\d+/verso-webhook$", Line("endpoint"));
        var published = Guid.Parse(Line("published"));
        Assert.Equal($"content.version_published content.version_published {published} 2", Line("delivered"));
        // When the delivery arrived the cache still served version 1; a tampered copy was refused and changed nothing;
        // the genuine delivery invalidated exactly the item; the next read is version 2.
        Assert.Equal("Hello v1", Line("cached"));
        Assert.Equal("signature_mismatch", Line("tampered"));
        Assert.Equal("Hello v1", Line("still-cached"));
        Assert.Equal($"ContentItem {Line("item")}", Line("invalidated"));
        Assert.Equal("Hello v2|False|none", Line("fresh"));
    }

    /// <summary>Copies the app template into a fresh folder beside the feed, with its own nuget.config and packages folder.</summary>
    private string CreateApp()
    {
        var root = Directory.CreateDirectory(Path.Combine(packed.Root, "consumer-" + Guid.NewGuid().ToString("N")[..8])).FullName;
        var app = Path.Combine(root, "app");
        Directory.CreateDirectory(app);
        foreach (var file in Directory.GetFiles(Path.Combine(SdkPaths.SdkRoot, "consumer")))
            File.Copy(file, Path.Combine(app, Path.GetFileName(file)));
        // Stop MSBuild's upward search: no Directory.Build.* of the folders above may change this app.
        File.WriteAllText(Path.Combine(root, "Directory.Build.props"), "<Project />\n");
        File.WriteAllText(Path.Combine(root, "Directory.Build.targets"), "<Project />\n");
        File.WriteAllText(Path.Combine(root, "Directory.Packages.props"), "<Project />\n");

        var sources = new List<(string Key, string Value)> { ("verso-local", packed.Feed) };
        var globalPackages = Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages");
        if (Directory.Exists(globalPackages)) sources.Add(("machine-cache", globalPackages));
        if (Directory.Exists("/opt/nuget/packages")) sources.Add(("offline-folder", "/opt/nuget/packages"));
        sources.Add(("nuget.org", "https://api.nuget.org/v3/index.json"));
        var config = $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <config>
                <add key="globalPackagesFolder" value="{Path.Combine(root, "packages")}" />
              </config>
              <packageSources>
                <clear />
            {string.Join("\n", sources.Select(s => $"    <add key=\"{s.Key}\" value=\"{s.Value}\" />"))}
              </packageSources>
              <packageSourceMapping>
                <packageSource key="verso-local">
                  <package pattern="Verso.Client" />
                </packageSource>
            {string.Join("\n", sources.Skip(1).Select(s => $"    <packageSource key=\"{s.Key}\">\n      <package pattern=\"*\" />\n    </packageSource>"))}
              </packageSourceMapping>
            </configuration>
            """;
        File.WriteAllText(Path.Combine(root, "nuget.config"), config);
        return app;
    }

    /// <summary>project.assets.json names the restored Verso.Client with the SHA-512 of the package it extracted.</summary>
    private void AssertRestoredFromThePackedFile(string app)
    {
        using var assets = JsonDocument.Parse(File.ReadAllText(Path.Combine(app, "obj", "project.assets.json")));
        var library = assets.RootElement.GetProperty("libraries").GetProperty($"Verso.Client/{packed.Version}");
        var expected = Convert.ToBase64String(SHA512.HashData(File.ReadAllBytes(packed.Nupkg)));
        Assert.Equal(expected, library.GetProperty("sha512").GetString());
    }
}
