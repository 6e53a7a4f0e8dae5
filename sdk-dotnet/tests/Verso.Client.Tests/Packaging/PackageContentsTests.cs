using System.IO.Compression;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using System.Runtime.Loader;
using System.Text.Json;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.Packaging;

/// <summary>
/// What <c>make pack</c> ships to .NET users: the .nupkg's metadata (description, authors, MIT expression, README,
/// repository at this commit), assemblies and XML docs for net8.0 and net10.0, and a .snupkg whose portable PDBs
/// match those assemblies and carry SourceLink to the repository at this commit, with machine-independent paths.
/// </summary>
[Collection(PackedSdkCollection.Name)]
public sealed class PackageContentsTests(PackedSdk packed)
{
    private static readonly string[] Targets = ["net8.0", "net10.0"];

    /// <summary>The SourceLink custom debug information kind (Portable PDB spec).</summary>
    private static readonly Guid SourceLinkKind = new("CC110556-A091-4D38-9FEC-25AB9A351A6A");

    [Fact]
    public void The_nuspec_describes_the_package_as_NET_users_expect()
    {
        using var nupkg = ZipFile.OpenRead(packed.Nupkg);
        var nuspec = XDocument.Load(nupkg.GetEntry("Verso.Client.nuspec")!.Open());
        XNamespace ns = nuspec.Root!.Name.Namespace;
        var metadata = nuspec.Root.Element(ns + "metadata")!;
        string Text(string name) => metadata.Element(ns + name)?.Value ?? "";

        Assert.Equal("Verso.Client", Text("id"));
        Assert.Equal(packed.Version, Text("version"));
        Assert.Equal("Verso contributors", Text("authors"));
        var license = metadata.Element(ns + "license")!;
        Assert.Equal(("expression", "MIT"), (license.Attribute("type")?.Value, license.Value));
        Assert.Equal("README.md", Text("readme"));
        Assert.Equal("https://github.com/verso-cms/verso", Text("projectUrl"));
        Assert.True(Text("description").Length > 100, "a real description, not the default 'Package Description'");
        Assert.Contains("verso", Text("tags").Split(' '));
        var repository = metadata.Element(ns + "repository")!;
        Assert.Equal("git", repository.Attribute("type")?.Value);
        Assert.Equal("https://github.com/verso-cms/verso", repository.Attribute("url")?.Value);
        Assert.Equal(packed.Commit, repository.Attribute("commit")?.Value);

        var groups = metadata.Element(ns + "dependencies")!.Elements(ns + "group").Select(g => g.Attribute("targetFramework")!.Value);
        Assert.Equal(Targets.Order(), groups.Order());
    }

    [Fact]
    public void The_README_and_both_targets_assemblies_and_XML_docs_are_in_the_nupkg()
    {
        using var nupkg = ZipFile.OpenRead(packed.Nupkg);
        var files = nupkg.Entries.Select(e => e.FullName).ToHashSet();

        using (var readme = new StreamReader(nupkg.GetEntry("README.md")!.Open()))
            Assert.Equal(File.ReadAllText(Path.Combine(SdkPaths.SdkRoot, "README.md")), readme.ReadToEnd());
        foreach (var target in Targets)
        {
            Assert.Contains($"lib/{target}/Verso.Client.dll", files);
            Assert.Contains($"lib/{target}/Verso.Client.xml", files);
        }
        // Symbols go to the .snupkg only.
        Assert.DoesNotContain(files, f => f.EndsWith(".pdb", StringComparison.Ordinal));
    }

    [Fact]
    public void The_XML_docs_of_both_targets_document_every_public_type_and_the_generated_members()
    {
        using var nupkg = ZipFile.OpenRead(packed.Nupkg);
        foreach (var target in Targets)
        {
            var docs = XDocument.Load(nupkg.GetEntry($"lib/{target}/Verso.Client.xml")!.Open());
            Assert.Equal("Verso.Client", docs.Root!.Element("assembly")!.Element("name")!.Value);
            var ids = docs.Descendants("member").Select(m => m.Attribute("name")!.Value).ToHashSet(StringComparer.Ordinal);

            var types = PublicTypes(nupkg, $"lib/{target}/Verso.Client.dll");
            Assert.True(types.Count > 150, $"{target}: {types.Count} public types");
            var undocumented = types.Where(t => !ids.Contains("T:" + t)).ToList();
            Assert.True(undocumented.Count == 0, $"{target}: public types without an XML doc: {string.Join(", ", undocumented)}");

            // A sample of what the generator documents: a model property, an enum value, an operation, a helper.
            Assert.Contains("P:Verso.Client.Generated.LoginRequest.Email", ids);
            Assert.Contains("F:Verso.Client.Generated.ActorKind.User", ids);
            Assert.Contains(ids, id => id.StartsWith("M:Verso.Client.Generated.IVersoApiClient.LoginAsync(", StringComparison.Ordinal));
            Assert.Contains("P:Verso.Client.Generated.FileResponse.Stream", ids);
        }
    }

    [Fact]
    public void The_snupkg_holds_portable_PDBs_with_SourceLink_to_this_commit_and_no_machine_paths()
    {
        using var nupkg = ZipFile.OpenRead(packed.Nupkg);
        using var snupkg = ZipFile.OpenRead(packed.Snupkg);
        foreach (var target in Targets)
        {
            var pdbBytes = Read(snupkg, $"lib/{target}/Verso.Client.pdb");
            var dllBytes = Read(nupkg, $"lib/{target}/Verso.Client.dll");

            // Portable (not Windows) PDB, and the one the assembly names.
            using var pdbProvider = MetadataReaderProvider.FromPortablePdbImage(System.Collections.Immutable.ImmutableArray.Create(pdbBytes));
            var pdb = pdbProvider.GetMetadataReader();
            using var pe = new PEReader(new MemoryStream(dllBytes));
            var codeView = pe.ReadDebugDirectory().Single(d => d.Type == DebugDirectoryEntryType.CodeView);
            var pdbId = new BlobContentId(pdb.DebugMetadataHeader!.Id);
            Assert.Equal(pe.ReadCodeViewDebugDirectoryData(codeView).Guid, pdbId.Guid);

            // SourceLink: every source under /_/ maps to the repository's raw files at this commit.
            var sourceLink = pdb.GetCustomDebugInformation(EntityHandle.ModuleDefinition)
                .Select(pdb.GetCustomDebugInformation)
                .Single(c => pdb.GetGuid(c.Kind) == SourceLinkKind);
            var json = JsonDocument.Parse(pdb.GetBlobBytes(sourceLink.Value));
            var mapping = Assert.Single(json.RootElement.GetProperty("documents").EnumerateObject());
            Assert.Equal("/_/*", mapping.Name);
            Assert.Matches(new Regex($"^https://raw\\.githubusercontent\\.com/[^/]+/[^/]+/{packed.Commit}/\\*$"), mapping.Value.GetString());

            // ContinuousIntegrationBuild: the sources are named by repository path, never by this machine's.
            var documents = pdb.Documents.Select(d => pdb.GetString(pdb.GetDocument(d).Name)).ToList();
            Assert.Contains("/_/sdk-dotnet/src/Verso.Client/VersoClient.cs", documents);
            Assert.All(documents, d => Assert.StartsWith("/_/", d));
        }
    }

    private static byte[] Read(ZipArchive archive, string entry)
    {
        using var stream = archive.GetEntry(entry)?.Open() ?? throw new FileNotFoundException($"{entry} is not in the package");
        using var buffer = new MemoryStream();
        stream.CopyTo(buffer);
        return buffer.ToArray();
    }

    /// <summary>The documentation ids (without "T:") of the assembly's publicly visible types, read from its metadata.</summary>
    private static List<string> PublicTypes(ZipArchive nupkg, string entry)
    {
        using var pe = new PEReader(new MemoryStream(Read(nupkg, entry)));
        var md = pe.GetMetadataReader();
        var names = new List<string>();
        foreach (var handle in md.TypeDefinitions)
        {
            var type = md.GetTypeDefinition(handle);
            if (!IsVisible(md, type)) continue;
            names.Add(DocName(md, type));
        }
        return names;
    }

    private static bool IsVisible(MetadataReader md, TypeDefinition type)
    {
        var visibility = type.Attributes & TypeAttributes.VisibilityMask;
        if (visibility == TypeAttributes.Public) return true;
        if (visibility is not (TypeAttributes.NestedPublic or TypeAttributes.NestedFamily or TypeAttributes.NestedFamORAssem)) return false;
        return IsVisible(md, md.GetTypeDefinition(type.GetDeclaringType()));
    }

    private static string DocName(MetadataReader md, TypeDefinition type)
    {
        var name = md.GetString(type.Name);
        if (type.IsNested) return DocName(md, md.GetTypeDefinition(type.GetDeclaringType())) + "." + name;
        var ns = md.GetString(type.Namespace);
        return ns.Length == 0 ? name : ns + "." + name;
    }
}
