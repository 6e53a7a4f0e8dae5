using System.Text.Json.Nodes;
using Verso.Client.Generator;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>The generator: deterministic output, the 3.1 features of our contract read correctly, and the committed
/// Generated/ folder in step with the document it came from.</summary>
public class GeneratorTests
{
    private static Task<IReadOnlyDictionary<string, string>> GenerateSample() =>
        ClientGeneration.GenerateAsync(File.ReadAllBytes(SdkPaths.SampleDocument));

    [Fact]
    public async Task Regenerating_the_same_document_yields_byte_identical_files()
    {
        var first = await GenerateSample();
        var second = await GenerateSample();

        Assert.Equal(["Models.g.cs", "Paging.g.cs", "VersoApiClient.g.cs"], first.Keys);
        Assert.Equal(first.Keys, second.Keys);
        foreach (var name in first.Keys) Assert.Equal(first[name], second[name]);
    }

    [Fact]
    public async Task Line_endings_do_not_change_the_output()
    {
        var lf = await GenerateSample();
        var crlf = await ClientGeneration.GenerateAsync(
            System.Text.Encoding.UTF8.GetBytes(File.ReadAllText(SdkPaths.SampleDocument).Replace("\n", "\r\n")));

        Assert.Equal(lf["Models.g.cs"], crlf["Models.g.cs"]);
    }

    [Fact]
    public async Task Every_file_starts_with_the_do_not_edit_header_and_uses_LF()
    {
        foreach (var (_, content) in await GenerateSample())
        {
            Assert.StartsWith("// DO NOT EDIT.", content);
            Assert.DoesNotContain("\r", content);
            Assert.EndsWith("\n", content);
            Assert.False(content.EndsWith("\n\n", StringComparison.Ordinal), "more than one final newline");
        }
    }

    [Fact]
    public async Task There_is_one_async_method_per_operationId()
    {
        var client = (await GenerateSample())["VersoApiClient.g.cs"];

        foreach (var name in new[]
        {
            "GetHealthLive", "GetHealthReady", "GetHealthDashboard", "GetServerInfo", "Login", "Logout", "GetCurrentUser",
            "ListWorkspaces", "CreateWorkspace", "GetWorkspace", "UpdateWorkspace", "DeleteWorkspace",
            "ListContentItems", "PublishContentVersion", "UpgradeContentVersionTemplate", "UploadMediaAsset", "DownloadMediaFile", "ImportPackage",
        })
        {
            Assert.Contains($" {name}Async(", client);
        }
    }

    [Fact]
    public async Task OpenAPI_3_1_features_map_to_idiomatic_CSharp()
    {
        var files = await GenerateSample();
        var models = files["Models.g.cs"];
        var client = files["VersoApiClient.g.cs"];

        // type: [string, 'null'] → nullable reference; required non-null stays non-nullable.
        Assert.Contains("public string? Description { get; set; }", models);
        Assert.Contains("public string Name { get; set; }", models);
        // format uuid / date-time, nullable or not.
        Assert.Contains("public System.Guid Id { get; set; }", models);
        Assert.Contains("public System.DateTimeOffset? ArchivedAt { get; set; }", models);
        Assert.Contains("public System.DateTimeOffset CreatedAt { get; set; }", models);
        Assert.Contains("public int? MaxItems { get; set; }", models);
        // PascalCase string enums, read and written as their names.
        Assert.Contains("public enum ContentVersionStatus", models);
        Assert.Contains("EnumMemberConverter<ContentVersionStatus>", models);
        Assert.DoesNotContain("JsonStringEnumConverter", models);
        // const → a one-value enum, not an untyped object.
        Assert.Contains("public WorkspaceKind Kind { get; set; }", models);
        // oneOf [$ref, null] → nullable reference to the component.
        Assert.Contains("public ContentVersionDetail? Child { get; set; }", models);
        // The x-verso-access extension leaves no trace.
        Assert.DoesNotContain("verso-access", models + client, StringComparison.OrdinalIgnoreCase);
        // Header parameter If-Match → ifMatch, after path parameters and the body.
        Assert.Contains("UpdateWorkspaceAsync(System.Guid workspaceId, UpdateWorkspaceRequest body, string? ifMatch = null,", client);
        Assert.Contains("request_.Headers.TryAddWithoutValidation(\"If-Match\"", client);
        // Path parameters in route order, then query parameters.
        Assert.Contains("PublishContentVersionAsync(System.Guid workspaceId, System.Guid id, int versionNumber, PublishContentRequest body, bool? expandChildren = null,", client);
        // 204 → Task; non-JSON bodies (downloads, HTML) → a stream; multipart upload → FileParameter.
        Assert.Contains("System.Threading.Tasks.Task DeleteWorkspaceAsync(", client);
        Assert.Contains("Task<FileResponse> DownloadMediaFileAsync(", client);
        Assert.Contains("Task<FileResponse> GetHealthDashboardAsync(", client);
        Assert.Contains("UploadMediaAssetAsync(System.Guid workspaceId, FileParameter file", client);
        // anyOf of two models → the body is an object the caller fills with either model.
        Assert.Contains("ImportPackageAsync(System.Guid workspaceId, object body,", client);
        Assert.DoesNotContain("class PackageImportBody", models);
        // Date-time query values keep their offset (ISO 8601 round-trip format).
        Assert.Contains("createdAfter.Value.ToString(\"o\"", client);
        // Optional properties are left out when unset instead of being sent as null.
        Assert.Contains("JsonIgnoreCondition.WhenWritingNull", models);
    }

    [Fact]
    public async Task Page_models_implement_the_paging_interface()
    {
        var paging = (await GenerateSample())["Paging.g.cs"];

        Assert.Contains("public partial class WorkspacePage : global::Verso.Client.Paging.IVersoPage<Workspace>", paging);
        Assert.Contains("public partial class ContentItemPage : global::Verso.Client.Paging.IVersoPage<ContentItemSummary>", paging);
        Assert.DoesNotContain("HealthReport", paging);
    }

    [Fact]
    public async Task Inline_objects_are_named_after_their_operation_or_owner_not_numbered()
    {
        var models = (await GenerateSample())["Models.g.cs"];

        Assert.Contains("public partial class HealthReportMetadata", models);
        Assert.Contains("public partial class GetServerInfoResponse", models);
        Assert.Contains("public partial class GetServerInfoResponseFeaturesItem", models);
        Assert.Contains("System.Collections.Generic.IList<GetServerInfoResponseFeaturesItem> Features", models);
        Assert.DoesNotContain("public partial class Metadata", models);
        Assert.DoesNotContain("public partial class Response", models);
    }

    [Fact]
    public async Task The_committed_Generated_folder_matches_a_regeneration_of_its_source_document()
    {
        // The contract once it exists (openapi/dist/openapi.json is committed by the contract's owner), else the sample.
        var source = File.Exists(SdkPaths.ContractDocument) ? SdkPaths.ContractDocument : SdkPaths.SampleDocument;
        var expected = await ClientGeneration.GenerateAsync(File.ReadAllBytes(source));

        var committed = Directory.GetFiles(SdkPaths.GeneratedDir, "*.g.cs").Select(Path.GetFileName).Order(StringComparer.Ordinal);
        Assert.Equal(expected.Keys, committed);
        foreach (var (name, content) in expected)
        {
            Assert.True(content == File.ReadAllText(Path.Combine(SdkPaths.GeneratedDir, name)),
                $"{name} differs from a regeneration of {Path.GetFileName(source)}: run sdk-dotnet/generate.sh");
        }
    }
}
