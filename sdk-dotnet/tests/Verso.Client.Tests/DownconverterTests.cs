using System.Text.Json.Nodes;
using Verso.Client.Generator;

namespace Verso.Client.Tests;

/// <summary>The in-memory OpenAPI 3.1 → 3.0 rewrite that lets NSwag read our contract.</summary>
public class DownconverterTests
{
    private static JsonObject Schema(string schemaJson)
    {
        var doc = JsonNode.Parse("""{"openapi":"3.1.0","components":{"schemas":{"S":""" + schemaJson + "}}}")!.AsObject();
        return OpenApi31Downconverter.Downconvert(doc)["components"]!["schemas"]!["S"]!.AsObject();
    }

    [Fact]
    public void The_document_is_declared_3_0()
    {
        var doc = OpenApi31Downconverter.Downconvert(JsonNode.Parse("""{"openapi":"3.1.0","webhooks":{}}""")!.AsObject());

        Assert.Equal("3.0.3", doc["openapi"]!.GetValue<string>());
        Assert.False(doc.ContainsKey("webhooks"));
    }

    [Fact]
    public void A_type_array_with_null_becomes_a_nullable_type()
    {
        var s = Schema("""{"type":["string","null"],"format":"date-time"}""");

        Assert.Equal("string", s["type"]!.GetValue<string>());
        Assert.True(s["nullable"]!.GetValue<bool>());
        Assert.Equal("date-time", s["format"]!.GetValue<string>());
    }

    [Fact]
    public void Const_becomes_a_single_value_enum_with_its_type()
    {
        var s = Schema("""{"const":"Workspace"}""");

        Assert.Equal("string", s["type"]!.GetValue<string>());
        Assert.Equal("""["Workspace"]""", s["enum"]!.ToJsonString());
        Assert.False(s.ContainsKey("const"));
    }

    [Fact]
    public void A_nullable_reference_becomes_allOf_with_nullable()
    {
        var s = Schema("""{"oneOf":[{"$ref":"#/components/schemas/T"},{"type":"null"}]}""");

        Assert.Equal("""[{"$ref":"#/components/schemas/T"}]""", s["allOf"]!.ToJsonString());
        Assert.True(s["nullable"]!.GetValue<bool>());
        Assert.False(s.ContainsKey("oneOf"));
    }

    [Fact]
    public void Property_names_that_look_like_keywords_are_left_alone()
    {
        var s = Schema("""{"type":"object","properties":{"const":{"type":"string"},"type":{"type":["integer","null"]}}}""");

        Assert.Equal("string", s["properties"]!["const"]!["type"]!.GetValue<string>());
        Assert.Equal("integer", s["properties"]!["type"]!["type"]!.GetValue<string>());
        Assert.True(s["properties"]!["type"]!["nullable"]!.GetValue<bool>());
    }

    [Fact]
    public void Nested_schemas_are_rewritten_too()
    {
        var s = Schema("""{"type":"array","items":{"type":"object","additionalProperties":{"type":["boolean","null"]}}}""");

        Assert.True(s["items"]!["additionalProperties"]!["nullable"]!.GetValue<bool>());
    }

    [Fact]
    public void ContentMediaType_and_numeric_exclusive_bounds_use_their_3_0_spelling()
    {
        var file = Schema("""{"type":"string","contentMediaType":"image/png"}""");
        var count = Schema("""{"type":"integer","exclusiveMinimum":0}""");

        Assert.Equal("binary", file["format"]!.GetValue<string>());
        Assert.Equal(0, count["minimum"]!.GetValue<int>());
        Assert.True(count["exclusiveMinimum"]!.GetValue<bool>());
    }

    [Fact]
    public void Non_JSON_response_bodies_become_binary_streams()
    {
        var doc = JsonNode.Parse("""
            {"openapi":"3.1.0","paths":{"/p":{"get":{"responses":{"200":{"description":"x","content":{
              "text/html":{"schema":{"type":"string"}},
              "application/json":{"schema":{"type":["string","null"]}}}}}}}}}
            """)!.AsObject();

        var content = OpenApi31Downconverter.Downconvert(doc)["paths"]!["/p"]!["get"]!["responses"]!["200"]!["content"]!;

        Assert.Equal("binary", content["text/html"]!["schema"]!["format"]!.GetValue<string>());
        Assert.True(content["application/json"]!["schema"]!["nullable"]!.GetValue<bool>());
    }

    [Fact]
    public void A_union_of_several_schemas_becomes_an_untyped_value_inlined_where_it_is_referenced()
    {
        var doc = JsonNode.Parse("""
            {"openapi":"3.1.0","components":{"schemas":{
              "A":{"type":"object","properties":{"a":{"type":"string"}}},
              "B":{"type":"object","properties":{"b":{"type":"string"}}},
              "AOrB":{"description":"either","anyOf":[{"$ref":"#/components/schemas/A"},{"$ref":"#/components/schemas/B"}]},
              "Holder":{"type":"object","properties":{"value":{"$ref":"#/components/schemas/AOrB"}}}}}}
            """)!.AsObject();

        var schemas = OpenApi31Downconverter.Downconvert(doc)["components"]!["schemas"]!.AsObject();

        Assert.False(schemas.ContainsKey("AOrB"));
        Assert.Equal("{}", schemas["Holder"]!["properties"]!["value"]!.ToJsonString());
        Assert.True(schemas.ContainsKey("A"));
    }

    [Fact]
    public void Enum_values_that_differ_only_in_case_keep_the_first_spelling()
    {
        var s = Schema("""{"type":"string","enum":["createdAt","slug","CreatedAt","Slug","title"]}""");

        Assert.Equal("""["createdAt","slug","title"]""", s["enum"]!.ToJsonString());
    }
}
