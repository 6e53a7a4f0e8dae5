using System.Text;

namespace Verso.Client.Generator;

/// <summary>Writes or checks the generated files; the folder holds nothing else, so stale files are removed.</summary>
public static class GeneratedFiles
{
    private static readonly UTF8Encoding Utf8NoBom = new(encoderShouldEmitUTF8Identifier: false);

    public static int Write(string outputDir, IReadOnlyDictionary<string, string> files)
    {
        Directory.CreateDirectory(outputDir);
        foreach (var stale in Directory.GetFiles(outputDir, "*.g.cs").Where(f => !files.ContainsKey(Path.GetFileName(f))))
        {
            File.Delete(stale);
        }
        foreach (var (name, content) in files)
        {
            var path = Path.Combine(outputDir, name);
            // Leave unchanged files untouched so timestamps (and incremental builds) survive a no-op regeneration.
            if (File.Exists(path) && File.ReadAllText(path, Utf8NoBom) == content) continue;
            File.WriteAllText(path, content, Utf8NoBom);
            Console.WriteLine($"wrote {path}");
        }
        Console.WriteLine($"generated {files.Count} files in {outputDir}");
        return 0;
    }

    public static int Check(string outputDir, IReadOnlyDictionary<string, string> files)
    {
        var drift = new List<string>();
        foreach (var (name, content) in files)
        {
            var path = Path.Combine(outputDir, name);
            if (!File.Exists(path)) drift.Add($"missing {path}");
            else if (File.ReadAllText(path, Utf8NoBom) != content) drift.Add($"differs {path}");
        }
        if (Directory.Exists(outputDir))
        {
            drift.AddRange(Directory.GetFiles(outputDir, "*.g.cs")
                .Where(f => !files.ContainsKey(Path.GetFileName(f)))
                .Select(f => $"not generated any more {f}"));
        }
        foreach (var line in drift) Console.Error.WriteLine(line);
        Console.WriteLine(drift.Count == 0
            ? "generated C# client is up to date"
            : "generated C# client differs from the contract: run sdk-dotnet/generate.sh");
        return drift.Count == 0 ? 0 : 1;
    }
}
