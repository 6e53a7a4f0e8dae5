using System.Text;
using NSwag;
using NSwag.CodeGeneration;

namespace Verso.Client.Generator;

/// <summary>
/// Names C# parameters after their OpenAPI names in camelCase: `If-Match` → `ifMatch`, `X-Request-Id` → `xRequestId`.
/// </summary>
/// <remarks>NSwag's default turns `If-Match` into `if_Match`. A name used twice (say `id` in path and query)
/// gets its location appended to the later one, so the signature stays compilable.</remarks>
public sealed class ParameterNames : IParameterNameGenerator
{
    public string Generate(OpenApiParameter parameter, IEnumerable<OpenApiParameter> allParameters)
    {
        var name = ToCamelIdentifier(parameter.Name);
        var clash = allParameters
            .TakeWhile(p => !ReferenceEquals(p, parameter))
            .Any(p => ToCamelIdentifier(p.Name) == name);
        return clash ? name + parameter.Kind : name;
    }

    public static string ToCamelIdentifier(string raw)
    {
        var sb = new StringBuilder();
        var upperNext = false;
        foreach (var ch in raw)
        {
            if (!char.IsLetterOrDigit(ch))
            {
                upperNext = sb.Length > 0;
                continue;
            }
            sb.Append(upperNext ? char.ToUpperInvariant(ch) : ch);
            upperNext = false;
        }
        if (sb.Length == 0) return "value";
        sb[0] = char.ToLowerInvariant(sb[0]);
        if (char.IsDigit(sb[0])) sb.Insert(0, '_');
        var id = sb.ToString();
        return Keywords.Contains(id) ? "@" + id : id;
    }

    // C# keywords that an OpenAPI parameter could plausibly be called.
    private static readonly HashSet<string> Keywords =
    [
        "as", "base", "bool", "break", "byte", "case", "catch", "char", "checked", "class", "const", "continue",
        "decimal", "default", "delegate", "do", "double", "else", "enum", "event", "explicit", "extern", "false",
        "finally", "fixed", "float", "for", "foreach", "goto", "if", "implicit", "in", "int", "interface",
        "internal", "is", "lock", "long", "namespace", "new", "null", "object", "operator", "out", "override",
        "params", "private", "protected", "public", "readonly", "ref", "return", "sbyte", "sealed", "short",
        "sizeof", "stackalloc", "static", "string", "struct", "switch", "this", "throw", "true", "try", "typeof",
        "uint", "ulong", "unchecked", "unsafe", "ushort", "using", "virtual", "void", "volatile", "while",
    ];
}
