using System.Text.Json.Nodes;
using Verso.Client.Generator;

namespace Verso.Client.Tests;

/// <summary>Inline schemas get names from their place in the document, so SDK type names do not depend on the
/// order or number of operations.</summary>
public class InlineSchemaNamesTests
{
    private const string Operation = """
        {"operationId":"OPID","responses":{"200":{"description":"x","content":{"application/json":{"schema":
          {"type":"object","properties":{"total":{"type":"integer"}}}}}}}}
        """;

    private static JsonObject Named(params string[] operationIds)
    {
        var paths = new JsonObject();
        foreach (var id in operationIds) paths["/" + id] = new JsonObject { ["get"] = JsonNode.Parse(Operation.Replace("OPID", id)) };
        var doc = new JsonObject { ["openapi"] = "3.0.3", ["paths"] = paths };
        InlineSchemaNames.Apply(doc);
        return doc;
    }

    [Fact]
    public void An_inline_response_is_named_after_its_operation_whatever_comes_before_it()
    {
        var alone = Named("countThings");
        var among = Named("listOthers", "countThings");

        Assert.NotNull(alone["components"]!["schemas"]!["CountThingsResponse"]);
        Assert.NotNull(among["components"]!["schemas"]!["CountThingsResponse"]);
        Assert.Equal("#/components/schemas/CountThingsResponse",
            among["paths"]!["/countThings"]!["get"]!["responses"]!["200"]!["content"]!["application/json"]!["schema"]!["$ref"]!.GetValue<string>());
    }

    [Fact]
    public void A_nested_inline_property_is_named_after_its_owner_and_keeps_its_nullability()
    {
        var doc = JsonNode.Parse("""
            {"openapi":"3.0.3","components":{"schemas":{"Report":{"type":"object","properties":{
              "meta":{"type":"object","nullable":true,"properties":{"source":{"type":"object","properties":{"id":{"type":"string"}}}}}}}}}}
            """)!.AsObject();

        InlineSchemaNames.Apply(doc);

        var schemas = doc["components"]!["schemas"]!;
        Assert.Equal("""{"allOf":[{"$ref":"#/components/schemas/ReportMeta"}],"nullable":true}""", schemas["Report"]!["properties"]!["meta"]!.ToJsonString());
        Assert.Equal("#/components/schemas/ReportMetaSource", schemas["ReportMeta"]!["properties"]!["source"]!["$ref"]!.GetValue<string>());
        Assert.NotNull(schemas["ReportMetaSource"]);
    }

    [Fact]
    public void A_name_already_taken_gets_a_number_instead_of_replacing_the_existing_schema()
    {
        var doc = JsonNode.Parse("""
            {"openapi":"3.0.3","components":{"schemas":{
              "ReportMeta":{"type":"string"},
              "Report":{"type":"object","properties":{"meta":{"type":"object","properties":{"a":{"type":"string"}}}}}}}}
            """)!.AsObject();

        InlineSchemaNames.Apply(doc);

        Assert.Equal("string", doc["components"]!["schemas"]!["ReportMeta"]!["type"]!.GetValue<string>());
        Assert.NotNull(doc["components"]!["schemas"]!["ReportMeta2"]!["properties"]);
    }
}
