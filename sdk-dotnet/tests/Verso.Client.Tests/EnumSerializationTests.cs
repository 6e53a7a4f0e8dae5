using System.Runtime.Serialization;
using System.Text.Json;
using System.Text.Json.Serialization;
using Verso.Client.Serialization;

namespace Verso.Client.Tests;

/// <summary>Enums travel as the exact strings the contract declares (PascalCase names, but also camelCase values such
/// as <c>useExisting</c> and non-identifiers such as <c>1.0</c>), the way the generated code declares them.</summary>
public class EnumSerializationTests
{
    public enum Resolution
    {
        [EnumMember(Value = "useExisting")] UseExisting,
        [EnumMember(Value = "importAsNew")] ImportAsNew,
    }

    public enum FormatVersion
    {
        [EnumMember(Value = "1.0")] _1_0,
        [EnumMember(Value = "1.1")] _1_1,
    }

    public sealed class Body
    {
        [JsonPropertyName("resolution")]
        [JsonConverter(typeof(EnumMemberConverter<Resolution>))]
        public Resolution Resolution { get; set; }

        [JsonPropertyName("version")]
        [JsonConverter(typeof(EnumMemberConverter<FormatVersion>))]
        public FormatVersion? Version { get; set; }

        [JsonPropertyName("list")]
        public List<Resolution> List { get; set; } = [];

        [JsonPropertyName("byKey")]
        public Dictionary<Resolution, int> ByKey { get; set; } = [];
    }

    private static readonly JsonSerializerOptions Options = new() { Converters = { new EnumMemberConverterFactory() } };

    [Fact]
    public void Declared_values_are_written_and_read_back()
    {
        var body = new Body
        {
            Resolution = Resolution.ImportAsNew,
            Version = FormatVersion._1_1,
            List = [Resolution.UseExisting],
            ByKey = new() { [Resolution.UseExisting] = 2 },
        };

        var json = JsonSerializer.Serialize(body, Options);

        Assert.Equal("""{"resolution":"importAsNew","version":"1.1","list":["useExisting"],"byKey":{"useExisting":2}}""", json);
        var back = JsonSerializer.Deserialize<Body>(json, Options)!;
        Assert.Equal(Resolution.ImportAsNew, back.Resolution);
        Assert.Equal(FormatVersion._1_1, back.Version);
        Assert.Equal([Resolution.UseExisting], back.List);
        Assert.Equal(2, back.ByKey[Resolution.UseExisting]);
    }

    [Fact]
    public void A_null_nullable_enum_and_the_member_name_in_any_case_are_read()
    {
        var back = JsonSerializer.Deserialize<Body>("""{"resolution":"IMPORTASNEW","version":null}""", Options)!;

        Assert.Equal(Resolution.ImportAsNew, back.Resolution);
        Assert.Null(back.Version);
    }

    [Fact]
    public void An_unknown_value_is_a_JSON_error_not_a_silent_default()
    {
        Assert.Throws<JsonException>(() => JsonSerializer.Deserialize<Body>("""{"resolution":"merge"}""", Options));
        Assert.Throws<JsonException>(() => JsonSerializer.Deserialize<Body>("""{"resolution":1}""", Options));
    }
}
