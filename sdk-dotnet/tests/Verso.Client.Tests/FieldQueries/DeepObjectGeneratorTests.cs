using System.Text.Json.Nodes;
using Verso.Client.Generator;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests.FieldQueries;

/// <summary>The generator's handling of the typed-field contract: a deepObject query parameter is written by the SDK's
/// serializer (NSwag alone would send <c>price=Verso.Client.Generated.FieldFilterOperations</c>), and JSON numbers are
/// <c>decimal</c>, not <c>double</c>.</summary>
public sealed class DeepObjectGeneratorTests
{
    [Fact]
    public async Task The_contracts_filter_parameter_is_written_as_a_deep_object_and_numbers_are_decimals()
    {
        var files = await ClientGeneration.GenerateAsync(File.ReadAllBytes(SdkPaths.ContractDocument));
        var client = files["VersoApiClient.g.cs"];
        var models = files["Models.g.cs"];

        Assert.Contains("System.Collections.Generic.IDictionary<string, FieldFilterOperations>? filter = null", client);
        Assert.Contains("global::Verso.Client.Serialization.DeepObjectQuery.Append(urlBuilder_, \"filter\", filter);", client);
        Assert.DoesNotContain("foreach (var item_ in filter)", client);
        Assert.Contains("public decimal? NumberValue { get; set; }", models);
        Assert.DoesNotContain("public double", models);
    }

    [Fact]
    public void A_name_that_is_a_deep_object_in_one_operation_and_plain_in_another_stops_the_generation()
    {
        var document = JsonNode.Parse("""
            {"paths":{
              "/a":{"get":{"parameters":[{"name":"filter","in":"query","style":"deepObject","schema":{"type":"object"}}]}},
              "/b":{"get":{"parameters":[{"name":"filter","in":"query","schema":{"type":"string"}}]}}}}
            """)!.AsObject();
        Assert.Contains("deepObject in one operation and not in another", Assert.Throws<InvalidDataException>(() => DeepObjectParameters.Find(document)).Message);
    }

    [Fact]
    public void A_generated_loop_that_no_longer_looks_as_expected_stops_the_generation()
    {
        var map = new Dictionary<string, string> { ["filter"] = "filter" };
        Assert.Contains("was not found", Assert.Throws<InvalidDataException>(() => DeepObjectParameters.Apply("foreach (var x in filter) { }", map)).Message);
    }
}
