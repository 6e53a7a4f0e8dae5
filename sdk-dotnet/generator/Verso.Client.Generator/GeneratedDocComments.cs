using System.Text.RegularExpressions;

namespace Verso.Client.Generator;

/// <summary>
/// Completes the XML doc comments of NSwag's output and removes its blanket <c>#pragma warning disable 1591</c> (and
/// 1573), so the compiler checks that every public generated member is documented, exactly as it does for the
/// hand-written code.
/// </summary>
/// <remarks>
/// Schemas, properties, operations and parameters already carry docs at this point (<see cref="ContractDescriptions"/>
/// gave each a description). What remains is what the contract cannot describe: enum values (OpenAPI has no per-value
/// description; the doc names the value sent on the wire), the <c>AdditionalProperties</c> bag NSwag adds to every
/// model, and NSwag's fixed helper types (<c>FileResponse</c>, the unexpected-response exception, the client's
/// constructor and protected helpers), documented from the table below. A public member that is in none of these
/// groups stops generation with its declaration, so a new NSwag version cannot ship an undocumented member quietly.
/// </remarks>
public static partial class GeneratedDocComments
{
    /// <summary>Doc text for NSwag's template members, by "Type.Member" (constructors: "Type.Type").</summary>
    private static readonly Dictionary<string, string> Helpers = new(StringComparer.Ordinal)
    {
        ["IVersoApiClient"] = "Every operation of the Verso API as one async method, named after its operationId.",
        ["VersoApiClient"] = "The generated Verso API client: one async method per operation. Use it through <see cref=\"global::Verso.Client.VersoClient.Api\"/>, whose HttpClient carries the SDK's resilience pipeline.",
        ["VersoApiClient.VersoApiClient"] = "Creates the client on <paramref name=\"httpClient\"/>, whose BaseAddress is the API's origin (and path prefix, if any).",
        ["VersoApiClient.JsonSerializerSettings"] = "The serializer options used for request and response bodies.",
        ["VersoApiClient.ReadResponseAsString"] = "When true, a response body is read as a string before it is deserialized (kept in <see cref=\"ObjectResponseResult{T}.Text\"/>); false streams it.",
        ["VersoApiClient.ReadObjectResponseAsync"] = "Reads a JSON response body as <typeparamref name=\"T\"/>.",
        ["ObjectResponseResult"] = "A deserialized response body together with its text (when it was read as a string).",
        ["ObjectResponseResult.ObjectResponseResult"] = "Pairs a deserialized body with its text.",
        ["ObjectResponseResult.Object"] = "The deserialized body.",
        ["ObjectResponseResult.Text"] = "The body as text, when it was read as a string; otherwise empty.",
        ["FileParameter"] = "A file sent as one part of a multipart/form-data request (a media upload): its content, and optionally its file name and content type.",
        ["FileParameter.FileParameter"] = "Wraps the file's content; a file name and content type, when given, go into the part's headers. The stream is read once, when the request is sent; the caller keeps ownership of it.",
        ["FileParameter.Data"] = "The file's content.",
        ["FileParameter.FileName"] = "The file name sent with the part, or null.",
        ["FileParameter.ContentType"] = "The part's content type (for example <c>image/png</c>), or null for <c>application/octet-stream</c>.",
        ["FileResponse"] = "A response body that is not JSON (a download, an HTML page, a script, an image), as a stream. Dispose it to release the connection.",
        ["FileResponse.StatusCode"] = "The HTTP status of the response.",
        ["FileResponse.Headers"] = "The response and content headers.",
        ["FileResponse.Stream"] = "The response body; read it before disposing this object.",
        ["FileResponse.IsPartial"] = "True for 206 Partial Content.",
        ["FileResponse.FileResponse"] = "Wraps a response body stream and what must be disposed with it.",
        ["FileResponse.Dispose"] = "Disposes the stream and the response it came from.",
        ["VersoUnexpectedResponseException"] = "A success response that breaks the contract (a status it does not declare, a missing body). Error statuses never reach the generated code: the SDK throws <see cref=\"global::Verso.Client.Errors.VersoApiException\"/> for them.",
        ["VersoUnexpectedResponseException.StatusCode"] = "The HTTP status of the response.",
        ["VersoUnexpectedResponseException.Response"] = "The response body as text, or null.",
        ["VersoUnexpectedResponseException.Headers"] = "The response and content headers.",
        ["VersoUnexpectedResponseException.VersoUnexpectedResponseException"] = "Creates the exception for an unexpected response.",
        ["VersoUnexpectedResponseException.ToString"] = "The response body followed by the exception's own description.",
        ["VersoUnexpectedResponseException<TResult>"] = "A success response that breaks the contract, with its deserialized body in <see cref=\"Result\"/>.",
        ["VersoUnexpectedResponseException.Result"] = "The deserialized body of the unexpected response.",
    };

    public static string Complete(string code, DocStats stats)
    {
        var lines = code.Split('\n').Where(l => !SuppressionPragma().IsMatch(l)).ToList();
        var output = new List<string>(lines.Count + lines.Count / 4);
        var types = new Stack<(string Name, bool IsEnum, int Depth)>();
        var depth = 0;
        for (var i = 0; i < lines.Count; i++)
        {
            var line = lines[i];
            var typeMatch = TypeDeclaration().Match(line);
            var text = typeMatch.Success
                ? TypeDoc(typeMatch.Groups["name"].Value, typeMatch.Groups["kind"].Value, lines, i)
                : types.Count > 0 ? MemberDoc(line, types.Peek(), lines, i) : null;
            if (text is { } doc && !IsDocumented(output))
            {
                InsertDoc(output, Indent(line), doc);
                Count(stats, doc.Kind);
            }
            output.Add(line);
            if (typeMatch.Success) types.Push((typeMatch.Groups["name"].Value, typeMatch.Groups["kind"].Value == "enum", depth + 1));
            depth += line.Count(c => c == '{') - line.Count(c => c == '}');
            // A type's body starts on a later line ("{"): it ends when the depth falls below the body's depth again.
            if (!typeMatch.Success)
            {
                while (types.Count > 0 && depth < types.Peek().Depth) types.Pop();
            }
        }
        return string.Join("\n", output);
    }

    /// <summary>A schema type arrives documented (ContractDescriptions gave it a description, NSwag wrote the summary);
    /// an NSwag helper type takes its doc from the table.
    /// NJsonSchema writes no summary on the enum type of an inline enum property (it treats the property's description
    /// as the property's): such a type is documented with its values, read from the declaration.</summary>
    private static Doc TypeDoc(string name, string kind, List<string> lines, int index)
    {
        if (Helpers.TryGetValue(name, out var doc) || Helpers.TryGetValue(BaseName(name), out doc)) return new(doc, DocKind.Helper);
        if (kind != "enum") return Pending(name);
        var values = new List<string>();
        for (var i = index + 1; i < lines.Count && lines[i].Trim() != "}"; i++)
        {
            var value = EnumMemberValue().Match(lines[i]);
            if (value.Success) values.Add($"<c>{Xml(value.Groups["value"].Value.Replace("\"\"", "\""))}</c>");
        }
        return new($"The values of an inline enum of the contract: {string.Join(", ", values)}.", DocKind.InlineEnumType);
    }

    private static Doc? MemberDoc(string line, (string Name, bool IsEnum, int Depth) type, List<string> lines, int index)
    {
        var trimmed = line.Trim();
        if (type.IsEnum)
        {
            var member = EnumMember().Match(trimmed);
            if (!member.Success) return null;
            var value = index > 0 ? EnumMemberValue().Match(lines[index - 1]) : Match.Empty;
            return new(value.Success
                ? $"The contract value <c>{Xml(value.Groups["value"].Value.Replace("\"\"", "\""))}</c>."
                : $"The contract value <c>{Xml(member.Groups["name"].Value)}</c>.", DocKind.EnumMember);
        }
        if (!trimmed.StartsWith("public ", StringComparison.Ordinal) && !trimmed.StartsWith("protected ", StringComparison.Ordinal)) return null;
        var name = MemberName(trimmed);
        if (name == "AdditionalProperties")
        {
            return new("JSON members this version of the contract does not declare: kept when a response is read and sent again when the object is written, so a newer server's additions survive a round trip.", DocKind.Helper);
        }
        return Helpers.TryGetValue(BaseName(type.Name) + "." + name, out var doc)
            ? new(doc, DocKind.Helper)
            : Pending(type.Name + ": " + line.Trim());
    }

    private enum DocKind { Helper, EnumMember, InlineEnumType, Pending }

    /// <summary>A doc text and what kind of member it documents (for the tally).</summary>
    private readonly record struct Doc(string Text, DocKind Kind);

    /// <summary>A public declaration nobody documented: fine when NSwag already wrote a doc above it, an error otherwise
    /// (checked by the caller through <see cref="IsDocumented"/>; <see cref="InsertDoc"/> refuses it).</summary>
    private static Doc Pending(string declaration) => new(declaration.Trim(), DocKind.Pending);

    private static void Count(DocStats stats, DocKind kind)
    {
        switch (kind)
        {
            case DocKind.Helper: stats.HelperMembers++; break;
            case DocKind.EnumMember: stats.EnumMembers++; break;
            case DocKind.InlineEnumType: stats.InlineEnumTypes++; break;
        }
    }

    private static void InsertDoc(List<string> output, string indent, Doc doc)
    {
        if (doc.Kind == DocKind.Pending)
            throw new InvalidOperationException("A public generated member has no XML doc and the generator has no text for it: " + doc.Text);
        var text = doc.Text;
        // The doc goes above the member's attributes.
        var at = output.Count;
        while (at > 0 && IsAttributeOrComment(output[at - 1])) at--;
        output.Insert(at, $"{indent}/// <summary>");
        output.Insert(at + 1, $"{indent}/// {text}");
        output.Insert(at + 2, $"{indent}/// </summary>");
    }

    /// <summary>True when the lines just written (above the attributes) end with an XML doc comment.</summary>
    private static bool IsDocumented(List<string> output)
    {
        var at = output.Count - 1;
        while (at >= 0 && IsAttributeOrComment(output[at])) at--;
        return at >= 0 && output[at].TrimStart().StartsWith("///", StringComparison.Ordinal);
    }

    /// <summary>An attribute line, or a plain comment NSwag puts between the attributes and the member
    /// (<c>// TODO(system.text.json): …</c>), both of which sit below the doc comment.</summary>
    private static bool IsAttributeOrComment(string line)
    {
        var trimmed = line.TrimStart();
        return trimmed.StartsWith('[') || (trimmed.StartsWith("//", StringComparison.Ordinal) && !trimmed.StartsWith("///", StringComparison.Ordinal));
    }

    /// <summary>The declared name: the identifier before the parameter list, accessor block, initializer or end.</summary>
    private static string MemberName(string declaration)
    {
        var end = declaration.IndexOfAny(['(', '{', '=', ';']);
        var head = (end < 0 ? declaration : declaration[..end]).Trim();
        var name = head.Split(' ', StringSplitOptions.RemoveEmptyEntries).Last();
        return BaseName(name);
    }

    private static string BaseName(string name) => name.Split('<')[0];

    private static string Indent(string line) => line[..(line.Length - line.TrimStart().Length)];

    private static string Xml(string text) => text.Replace("&", "&amp;").Replace("<", "&lt;").Replace(">", "&gt;");

    [GeneratedRegex(@"^#pragma warning (disable|restore)\s+(1591|1573)\b")]
    private static partial Regex SuppressionPragma();

    [GeneratedRegex(@"^\s*(public|protected)\s+(?:(?:partial|sealed|abstract|static)\s+)*(?<kind>class|interface|enum|struct)\s+(?<name>\w+(?:<[^>]+>)?)")]
    private static partial Regex TypeDeclaration();

    [GeneratedRegex(@"^(?<name>\w+)\s*=\s*-?\d+,?$")]
    private static partial Regex EnumMember();

    [GeneratedRegex(@"EnumMember\(Value = @""(?<value>(?:[^""]|"""")*)""\)")]
    private static partial Regex EnumMemberValue();
}
