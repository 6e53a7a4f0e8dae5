using System.Security.Cryptography;
using System.Text;
using System.Text.Json.Nodes;
using NJsonSchema.CodeGeneration.CSharp;
using NSwag;
using NSwag.CodeGeneration;
using NSwag.CodeGeneration.CSharp;
using NSwag.CodeGeneration.OperationNameGenerators;

namespace Verso.Client.Generator;

/// <summary>Turns an OpenAPI 3.1 document into the files of src/Verso.Client/Generated/.</summary>
public static class ClientGeneration
{
    public const string Namespace = "Verso.Client.Generated";
    public const string ClientClassName = "VersoApiClient";

    /// <summary>Generates every file; returns file name → content (LF line endings, no BOM).</summary>
    public static async Task<IReadOnlyDictionary<string, string>> GenerateAsync(byte[] documentBytes) =>
        (await GenerateWithStatsAsync(documentBytes)).Files;

    /// <summary>Generates every file and reports where the XML docs came from (the contract, or derived from the schema).</summary>
    public static async Task<(IReadOnlyDictionary<string, string> Files, DocStats Docs)> GenerateWithStatsAsync(byte[] documentBytes)
    {
        var text = Encoding.UTF8.GetString(documentBytes).Replace("\r\n", "\n");
        var source = JsonNode.Parse(text) as JsonObject
            ?? throw new InvalidDataException("The OpenAPI document is not a JSON object.");
        var version = source["openapi"]?.GetValue<string>() ?? "";
        if (!version.StartsWith("3.", StringComparison.Ordinal))
            throw new InvalidDataException($"Expected an OpenAPI 3.x document, found '{version}'.");

        var downconverted = OpenApi31Downconverter.Downconvert(source);
        InlineSchemaNames.Apply(downconverted);
        ParameterOrder.Apply(downconverted);
        TransportSuppliedHeaders.Apply(downconverted);
        var docs = ContractDescriptions.Apply(downconverted);
        var document = await OpenApiDocument.FromJsonAsync(downconverted.ToJsonString());

        var header = Header(text, source);
        // NSwag's own split: the implementation (client class) and the contracts (interface, DTOs, helpers).
        var generator = new CSharpClientGenerator(document, Settings());
        var client = DeepObjectParameters.Apply(generator.GenerateFile(ClientGeneratorOutputType.Implementation), DeepObjectParameters.Find(downconverted));
        var models = generator.GenerateFile(ClientGeneratorOutputType.Contracts);
        models = GeneratedDocComments.Complete(Normalize(UseEnumMemberConverter(models)), docs);
        client = GeneratedDocComments.Complete(Normalize(client), docs);
        var files = new SortedDictionary<string, string>(StringComparer.Ordinal)
        {
            [ClientClassName + ".g.cs"] = header + client,
            ["Models.g.cs"] = header + models,
        };
        if (PageInterfaces.Generate(downconverted, models) is { } paging) files["Paging.g.cs"] = header + Normalize(paging);
        return (files, docs);
    }

    private static CSharpClientGeneratorSettings Settings()
    {
        var settings = new CSharpClientGeneratorSettings
        {
            ClassName = ClientClassName,
            // One method per operationId: listWorkspaces → ListWorkspacesAsync.
            OperationNameGenerator = new SingleClientFromOperationIdOperationNameGenerator(),
            ParameterNameGenerator = new ParameterNames(),
            GenerateClientClasses = true,
            GenerateClientInterfaces = true,
            GenerateDtoTypes = true,
            GenerateExceptionClasses = true,
            GenerateResponseClasses = true,
            // Non-2xx never reaches generated code: the SDK's pipeline turns it into VersoApiException first.
            // This class is only thrown for a 2xx that breaks the contract (an undeclared status, a null body).
            ExceptionClass = "VersoUnexpectedResponseException",
            // The HttpClient (and its handler pipeline) belongs to VersoClient, which sets BaseAddress.
            InjectHttpClient = true,
            DisposeHttpClient = false,
            UseBaseUrl = false,
            GenerateBaseUrlProperty = false,
            GenerateOptionalParameters = true,
            GenerateSyncMethods = false,
            UseRequestAndResponseSerializationSettings = false,
            // "s" (NSwag's default) drops the offset; "o" keeps ISO 8601 with offset, as the contract requires.
            ParameterDateTimeFormat = "o",
            ParameterDateFormat = "yyyy-MM-dd",
            WrapDtoExceptions = false,
            ExposeJsonSerializerSettings = false,
        };
        settings.CodeGeneratorSettings.GenerateDefaultValues = true;
        settings.CodeGeneratorSettings.TemplateDirectory = Path.Combine(AppContext.BaseDirectory, "Templates");
        var csharp = settings.CSharpGeneratorSettings;
        csharp.Namespace = Namespace;
        csharp.JsonLibrary = CSharpJsonLibrary.SystemTextJson;
        csharp.GenerateNullableReferenceTypes = true;
        csharp.GenerateOptionalPropertiesAsNullable = true;
        csharp.GenerateDataAnnotations = false;
        csharp.ClassStyle = CSharpClassStyle.Poco;
        csharp.ArrayType = "System.Collections.Generic.IList";
        csharp.ArrayInstanceType = "System.Collections.Generic.List";
        csharp.ArrayBaseType = "System.Collections.Generic.List";
        csharp.DictionaryType = "System.Collections.Generic.IDictionary";
        csharp.DictionaryInstanceType = "System.Collections.Generic.Dictionary";
        csharp.DictionaryBaseType = "System.Collections.Generic.Dictionary";
        csharp.DateTimeType = "System.DateTimeOffset";
        csharp.DateType = "System.DateOnly";
        csharp.TimeType = "System.TimeOnly";
        csharp.TimeSpanType = "System.TimeSpan";
        csharp.TypeAccessModifier = "public";
        return settings;
    }

    /// <summary>
    /// NJsonSchema hard-codes System.Text.Json's JsonStringEnumConverter on enum properties; before .NET 9 it ignores
    /// the EnumMember values, so <c>useExisting</c> or <c>1.0</c> would go out as <c>UseExisting</c> or <c>_1_0</c>.
    /// The SDK's EnumMemberConverter writes and reads the declared values. (A textual swap of one type name: the
    /// alternative, overriding NJsonSchema's 200-line class template, would tie us to its every detail.)
    /// </summary>
    private static string UseEnumMemberConverter(string models) =>
        models.Replace(
            "typeof(System.Text.Json.Serialization.JsonStringEnumConverter<",
            "typeof(global::Verso.Client.Serialization.EnumMemberConverter<",
            StringComparison.Ordinal);

    private static string Header(string documentText, JsonObject source)
    {
        var hash = Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(documentText))).ToLowerInvariant();
        var title = source["info"]?["title"]?.GetValue<string>() ?? "";
        var version = source["info"]?["version"]?.GetValue<string>() ?? "";
        return string.Join("\n",
            "// DO NOT EDIT. Generated by sdk-dotnet/generate.sh (NSwag via generator/Verso.Client.Generator).",
            $"// Source: {title} {version}, OpenAPI document SHA-256 {hash}.",
            "// Regenerate instead of editing; `generate.sh --check` fails when this file drifts from the contract.",
            "") + "\n";
    }

    /// <summary>LF line endings, no trailing whitespace, one final newline: byte-identical output on every run.</summary>
    private static string Normalize(string code)
    {
        var lines = code.Replace("\r\n", "\n").Replace('\r', '\n').Split('\n').Select(l => l.TrimEnd());
        return string.Join("\n", lines).TrimEnd('\n') + "\n";
    }
}
