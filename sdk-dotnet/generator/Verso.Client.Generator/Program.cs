using Verso.Client.Generator;

// Usage: Verso.Client.Generator <openapi.json> <output-dir> [--check]
// Writes the generated files into <output-dir>, or with --check compares them and exits 1 on any difference.
var positional = args.Where(a => !a.StartsWith("--", StringComparison.Ordinal)).ToArray();
var check = args.Contains("--check");
if (positional.Length != 2)
{
    Console.Error.WriteLine("usage: Verso.Client.Generator <openapi.json> <output-dir> [--check]");
    return 2;
}

var (documentPath, outputDir) = (positional[0], positional[1]);
var (files, docs) = await ClientGeneration.GenerateWithStatsAsync(await File.ReadAllBytesAsync(documentPath));
Console.WriteLine(docs);
return check ? GeneratedFiles.Check(outputDir, files) : GeneratedFiles.Write(outputDir, files);
