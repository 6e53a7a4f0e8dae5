using System.Collections.ObjectModel;
using System.Globalization;
using System.Text.Json;
using Verso.Client.Content;
using Verso.Client.Tests.Support;

namespace Verso.Client.Tests;

/// <summary>
/// VersoPlaceholders.Render (sdk-requirements item 38): the vectors of test/fixtures/placeholders.json, which the
/// TypeScript SDK's renderPlaceholders tests run too, then what is particular to .NET (same instance when nothing
/// changes, null arguments, the dictionary's comparer).
/// </summary>
public class PlaceholderTests
{
    public sealed record Vector(string Name, string Text, Dictionary<string, string?> Values, string Expected)
    {
        public override string ToString() => Name;
    }

    private sealed record Fixture(string Description, Vector[] Cases);

    private static readonly Vector[] Vectors = Load();

    private static Vector[] Load()
    {
        var path = Path.Combine(SdkPaths.SdkRoot, "..", "test", "fixtures", "placeholders.json");
        var fixture = JsonSerializer.Deserialize<Fixture>(File.ReadAllText(path), new JsonSerializerOptions(JsonSerializerDefaults.Web));
        return fixture!.Cases;
    }

    public static TheoryData<string> VectorNames()
    {
        var data = new TheoryData<string>();
        foreach (var v in Vectors) data.Add(v.Name);
        return data;
    }

    [Fact]
    public void The_fixture_holds_the_cases_item_38_names()
    {
        Assert.True(Vectors.Length >= 20, $"{Vectors.Length} vectors");
        var names = string.Join("\n", Vectors.Select(v => v.Name));
        foreach (var rule in new[] { "known name", "unknown name", "explicit null", "without tokens", "mixed", "inside the braces", "case-sensitive", "malformed" })
        {
            Assert.Contains(rule, names);
        }
        Assert.Equal(Vectors.Length, Vectors.Select(v => v.Name).Distinct().Count());
    }

    [Theory]
    [MemberData(nameof(VectorNames))]
    public void Shared_vector(string name)
    {
        var v = Vectors.Single(x => x.Name == name);
        Assert.Equal(v.Expected, VersoPlaceholders.Render(v.Text, v.Values));
        // The same through a read-only wrapper (not a Dictionary, so the values are copied before lookups).
        Assert.Equal(v.Expected, VersoPlaceholders.Render(v.Text, new ReadOnlyDictionary<string, string?>(v.Values)));
    }

    [Fact]
    public void Returns_the_same_instance_when_nothing_is_substituted()
    {
        var values = new Dictionary<string, string?> { ["name"] = "Ada" };
        var plain = new string("no tokens here".AsSpan());
        Assert.Same(plain, VersoPlaceholders.Render(plain, values));
        var unknown = new string("${{other}} and ${{123}}".AsSpan());
        Assert.Same(unknown, VersoPlaceholders.Render(unknown, values));
        var withTokens = new string("Hi ${{name}}".AsSpan());
        Assert.Same(withTokens, VersoPlaceholders.Render(withTokens, new Dictionary<string, string?>()));
        Assert.Same(string.Empty, VersoPlaceholders.Render(string.Empty, values));
        Assert.NotSame(withTokens, VersoPlaceholders.Render(withTokens, values));
    }

    [Fact]
    public void Null_arguments_throw()
    {
        Assert.Equal("text", Assert.Throws<ArgumentNullException>(() => VersoPlaceholders.Render(null!, new Dictionary<string, string?>())).ParamName);
        Assert.Equal("values", Assert.Throws<ArgumentNullException>(() => VersoPlaceholders.Render<string?>("x", null!)).ParamName);
    }

    [Fact]
    public void Names_are_case_sensitive_whatever_the_dictionary_comparer()
    {
        var folding = new Dictionary<string, string?>(StringComparer.OrdinalIgnoreCase) { ["name"] = "Ada" };
        Assert.Equal("${{Name}} ${{NAME}} Ada", VersoPlaceholders.Render("${{Name}} ${{NAME}} ${{name}}", folding));
        var ordinal = new Dictionary<string, string?>(StringComparer.Ordinal) { ["Name"] = "A", ["name"] = "b" };
        Assert.Equal("A b", VersoPlaceholders.Render("${{Name}} ${{name}}", ordinal));
    }

    [Fact]
    public void Accepts_any_dictionary_of_strings()
    {
        Assert.Equal("1", VersoPlaceholders.Render("${{a}}", new Dictionary<string, string> { ["a"] = "1" }));
        Assert.Equal("1", VersoPlaceholders.Render("${{a}}", new SortedDictionary<string, string> { ["a"] = "1" }.AsReadOnly()));
        IReadOnlyDictionary<string, string?> readOnly = new Dictionary<string, string?> { ["a"] = null };
        Assert.Equal("[]", VersoPlaceholders.Render("[${{a}}]", readOnly));
    }

    [Fact]
    public void Other_values_render_in_the_invariant_culture_with_booleans_as_javascript_writes_them()
    {
        var previous = CultureInfo.CurrentCulture;
        try
        {
            CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo("de-DE");
            var values = new Dictionary<string, object?>
            {
                ["n"] = 42, ["f"] = 1.5, ["m"] = 1234.5m, ["t"] = true, ["b"] = false, ["z"] = null, ["u"] = new Uri("https://example.com/a"),
            };
            Assert.Equal("42 1.5 1234.5 true false  https://example.com/a", VersoPlaceholders.Render("${{n}} ${{f}} ${{m}} ${{t}} ${{b}} ${{z}} ${{u}}", values));
            Assert.Equal("7", VersoPlaceholders.Render("${{n}}", new Dictionary<string, int> { ["n"] = 7 }));
        }
        finally
        {
            CultureInfo.CurrentCulture = previous;
        }
    }

    [Fact]
    public void Is_linear_on_long_and_hostile_input()
    {
        var values = new Dictionary<string, string?> { ["a"] = "x" };
        var many = string.Concat(Enumerable.Repeat("${{a}}", 50_000));
        Assert.Equal(new string('x', 50_000), VersoPlaceholders.Render(many, values));
        var unclosed = "${{" + new string(' ', 200_000) + "a" + new string(' ', 200_000);
        Assert.Same(unclosed, VersoPlaceholders.Render(unclosed, values));
        var openers = string.Concat(Enumerable.Repeat("${{ a ", 50_000));
        Assert.Same(openers, VersoPlaceholders.Render(openers, values));
    }
}
