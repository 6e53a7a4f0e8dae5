namespace Verso.Client.Tests.Support;

/// <summary>Locations in the repository, found by walking up from the test assembly to sdk-dotnet/.</summary>
public static class SdkPaths
{
    public static string SdkRoot { get; } = FindSdkRoot();

    public static string SampleDocument => Path.Combine(SdkRoot, "generator", "testdata", "sample-openapi.json");

    public static string ContractDocument => Path.Combine(SdkRoot, "..", "openapi", "dist", "openapi.json");

    public static string GeneratedDir => Path.Combine(SdkRoot, "src", "Verso.Client", "Generated");

    private static string FindSdkRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "generator", "testdata", "sample-openapi.json"))) return dir.FullName;
        }
        throw new DirectoryNotFoundException("sdk-dotnet/ not found above " + AppContext.BaseDirectory);
    }
}
