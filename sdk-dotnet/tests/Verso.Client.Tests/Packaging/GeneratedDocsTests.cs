using System.Text;
using Verso.Client.Generator;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.Packaging;

/// <summary>
/// The generated code's XML docs, which the package ships (no missing-doc warning is suppressed): the contract's
/// descriptions as written, a factual sentence derived from the schema where it has none, docs for enum values and
/// NSwag's helpers, and no blanket <c>#pragma warning disable 1591</c>. That every public member really has a doc is
/// enforced by the compiler (CS1591 is an error in Verso.Client.csproj); these tests pin down what the docs say.
/// </summary>
public class GeneratedDocsTests
{
    private const string Document = """
        {
          "openapi": "3.1.0",
          "info": { "title": "Docs", "version": "1" },
          "paths": {
            "/things/{id}": {
              "get": {
                "operationId": "getThing",
                "summary": "Read one thing.",
                "parameters": [
                  { "name": "id", "in": "path", "required": true, "schema": { "type": "string", "format": "uuid" } },
                  { "name": "sort", "in": "query", "schema": { "type": "string", "enum": ["name", "date"] } }
                ],
                "responses": { "200": { "description": "The thing.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Thing" } } } } }
              },
              "put": {
                "operationId": "putThing",
                "parameters": [ { "name": "id", "in": "path", "required": true, "description": "The thing's id.", "schema": { "type": "string", "format": "uuid" } } ],
                "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Thing" } } } },
                "responses": { "204": { "description": "Stored." } }
              }
            }
          },
          "components": {
            "schemas": {
              "Thing": {
                "type": "object",
                "description": "A thing & its <parts>.",
                "required": ["id", "kind"],
                "properties": {
                  "id": { "type": "string", "format": "uuid" },
                  "name": { "type": ["string", "null"], "description": "Its name." },
                  "kind": { "$ref": "#/components/schemas/Kind" },
                  "tags": { "type": "array", "items": { "type": "string" } }
                }
              },
              "Kind": { "type": "string", "enum": ["big", "small"] }
            }
          }
        }
        """;

    private static Task<(IReadOnlyDictionary<string, string> Files, DocStats Docs)> Generate() =>
        ClientGeneration.GenerateWithStatsAsync(Encoding.UTF8.GetBytes(Document));

    [Fact]
    public async Task The_contracts_descriptions_are_used_as_written_and_escaped_for_XML()
    {
        var models = (await Generate()).Files["Models.g.cs"];

        Assert.Contains("/// A thing &amp; its &lt;parts&gt;.", models);
        Assert.Contains("/// Its name.", models);
    }

    [Fact]
    public async Task Where_the_contract_says_nothing_the_doc_is_derived_from_the_schema()
    {
        var (files, docs) = await Generate();
        var models = files["Models.g.cs"];
        var client = files["VersoApiClient.g.cs"];

        Assert.Contains("/// `id`: a string (uuid), required.", models);
        Assert.Contains("/// `kind`: a `Kind`, required.", models);
        Assert.Contains("/// `tags`: a list of string, optional.", models);
        Assert.Contains("/// `Kind`: a string, one of `big`, `small`.", models);
        Assert.Contains("/// The contract value <c>big</c>.", models);
        Assert.Contains("/// The values of `sort`: a string, one of `name`, `date`.", models);
        Assert.Contains("/// `PUT /things/{id}` (operation `putThing`).", client);
        Assert.Contains("/// <param name=\"id\">The thing's id.</param>", client);
        Assert.Contains("/// <param name=\"sort\">`sort` (query): a string, one of `name`, `date`, optional.</param>", client);
        Assert.Contains("/// <param name=\"body\">The request body: a `Thing`, required.</param>", client);

        Assert.Equal((1, 2), (docs.Schemas.FromContract, docs.Schemas.Derived));       // Thing; Kind and the inline sort enum
        Assert.Equal((1, 3), (docs.Properties.FromContract, docs.Properties.Derived)); // name; id, kind, tags
        Assert.Equal((1, 1), (docs.Operations.FromContract, docs.Operations.Derived));
        Assert.Equal((1, 2), (docs.Parameters.FromContract, docs.Parameters.Derived));
        Assert.Equal((0, 1), (docs.RequestBodies.FromContract, docs.RequestBodies.Derived));
        Assert.Equal(4, docs.EnumMembers); // big, small; name, date
    }

    [Fact]
    public async Task No_missing_doc_warning_is_suppressed_in_the_generated_files()
    {
        foreach (var document in new[] { SdkPaths.SampleDocument, SdkPaths.ContractDocument })
        {
            var (files, _) = await ClientGeneration.GenerateWithStatsAsync(File.ReadAllBytes(document));
            foreach (var (name, content) in files)
            {
                Assert.DoesNotContain("#pragma warning disable 1591", content);
                Assert.DoesNotContain("#pragma warning disable 1573", content);
                Assert.True(!content.Contains("JsonExtensionData", StringComparison.Ordinal)
                            || content.Contains("/// JSON members this version of the contract does not declare", StringComparison.Ordinal), name);
            }
        }
    }

    [Fact]
    public async Task NSwag_helper_types_are_documented_by_the_generator()
    {
        var files = (await ClientGeneration.GenerateWithStatsAsync(File.ReadAllBytes(SdkPaths.ContractDocument))).Files;

        Assert.Contains("/// A response body that is not JSON", files["Models.g.cs"]);
        Assert.Contains("/// A success response that breaks the contract", files["Models.g.cs"]);
        Assert.Contains("/// Creates the client on <paramref name=\"httpClient\"/>", files["VersoApiClient.g.cs"]);
    }
}
