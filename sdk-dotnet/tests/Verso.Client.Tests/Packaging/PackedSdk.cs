using System.Xml.Linq;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.Packaging;

/// <summary>
/// Verso.Client packed once for the packaging tests, through sdk-dotnet/pack.sh (what <c>make pack</c> runs), into a
/// temporary folder that then serves as the consumer app's local NuGet feed. Removed afterwards.
/// </summary>
public sealed class PackedSdk : IAsyncLifetime
{
    public string Root { get; } = Directory.CreateTempSubdirectory("verso-dotnet-pack-").FullName;

    /// <summary>The local feed: the folder pack.sh wrote the .nupkg and .snupkg into.</summary>
    public string Feed => Path.Combine(Root, "feed");

    public string Version { get; } = ProjectVersion();

    public string Nupkg => Path.Combine(Feed, $"Verso.Client.{Version}.nupkg");

    public string Snupkg => Path.Combine(Feed, $"Verso.Client.{Version}.snupkg");

    /// <summary>The commit being packed (SourceLink and the nuspec's repository element point at it).</summary>
    public string Commit { get; private set; } = "";

    /// <summary>pack.sh's output, for failure messages.</summary>
    public string PackOutput { get; private set; } = "";

    public async Task InitializeAsync()
    {
        var pack = await Commands.RunAsync("bash", [Path.Combine(SdkPaths.SdkRoot, "pack.sh"), Feed], SdkPaths.SdkRoot, TimeSpan.FromMinutes(4));
        PackOutput = pack.Output;
        Commit = (await Commands.RunAsync("git", ["rev-parse", "HEAD"], SdkPaths.SdkRoot, TimeSpan.FromSeconds(30))).Stdout.Trim();
        if (!File.Exists(Nupkg) || !File.Exists(Snupkg))
            throw new InvalidOperationException($"pack.sh did not write {Nupkg} and {Snupkg}:\n{PackOutput}");
    }

    public Task DisposeAsync()
    {
        Directory.Delete(Root, recursive: true);
        return Task.CompletedTask;
    }

    private static string ProjectVersion() =>
        XDocument.Load(Path.Combine(SdkPaths.SdkRoot, "src", "Verso.Client", "Verso.Client.csproj"))
            .Descendants("Version").Single().Value;
}

/// <summary>The packaging tests share one pack (and run one after the other).</summary>
[CollectionDefinition(Name)]
public sealed class PackedSdkCollection : ICollectionFixture<PackedSdk>
{
    public const string Name = "packed Verso.Client";
}
