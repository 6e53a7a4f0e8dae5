using System.Reflection;
using System.Runtime.Serialization;
using System.Text.Json;
using System.Text.Json.Nodes;
using Verso.Client.Generated;

namespace Verso.Client.Tests.Contract;

/// <summary>
/// Calls a generated <c>VersoApiClient</c> method by operationId with an example input, through reflection: every
/// operation is exercised generically, the way the TypeScript contract test does.
/// </summary>
/// <remarks>
/// The generator names methods PascalCase(operationId) + "Async" and parameters after the contract's names in camel
/// case (<c>If-Match</c> becomes <c>ifMatch</c>, the request body is <c>body</c>), so each C# parameter is found in
/// the example's path, query or header values by its name with non-alphanumerics ignored.
/// </remarks>
public static class OperationInvoker
{
    public static MethodInfo? MethodFor(string operationId)
    {
        var name = char.ToUpperInvariant(operationId[0]) + operationId[1..] + "Async";
        // NSwag may emit an overload without the CancellationToken; take the fullest one.
        return typeof(VersoApiClient).GetMethods(BindingFlags.Public | BindingFlags.Instance)
            .Where(m => m.Name == name)
            .OrderByDescending(m => m.GetParameters().Length)
            .FirstOrDefault();
    }

    /// <summary>The generated client's own serializer options (enum spellings, property names).</summary>
    public static JsonSerializerOptions SerializerOptions(VersoApiClient api) =>
        (JsonSerializerOptions)typeof(VersoApiClient)
            .GetProperty("JsonSerializerSettings", BindingFlags.Instance | BindingFlags.NonPublic)!
            .GetValue(api)!;

    private static readonly byte[] OnePixelPng = System.Convert.FromHexString("89504e470d0a1a0a0000000d4948445200000001000000010806000000");

    public static object?[] Arguments(MethodInfo method, JsonObject input, JsonSerializerOptions options, CancellationToken cancellationToken)
    {
        var values = new Dictionary<string, JsonNode?>(StringComparer.Ordinal);
        foreach (var location in new[] { "path", "query", "header" })
        {
            if (input[location] is not JsonObject group) continue;
            foreach (var (name, value) in group) values[Normalize(name)] = value;
        }

        var parameters = method.GetParameters();
        var arguments = new object?[parameters.Length];
        for (var i = 0; i < parameters.Length; i++)
        {
            var p = parameters[i];
            if (p.ParameterType == typeof(CancellationToken)) arguments[i] = cancellationToken;
            else if (p.Name == "body") arguments[i] = input.ContainsKey("body") ? Convert(input["body"], p.ParameterType, options) : p.DefaultValue;
            // A multipart body (the media upload) is one parameter per form member: the file a one-pixel PNG.
            else if (p.ParameterType == typeof(FileParameter)) arguments[i] = new FileParameter(new MemoryStream(OnePixelPng), "pixel.png", "image/png");
            else if (input["body"] is JsonObject form && form.TryGetPropertyValue(p.Name!, out var member)) arguments[i] = Convert(member, p.ParameterType, options);
            else if (values.TryGetValue(Normalize(p.Name!), out var value)) arguments[i] = Convert(value, p.ParameterType, options);
            else if (p.IsOptional) arguments[i] = p.DefaultValue;
            else throw new InvalidOperationException($"{method.Name}: no example value for required parameter {p.Name}");
        }
        return arguments;
    }

    /// <summary>Invokes the method and returns the awaited result (null for a Task without one).</summary>
    public static async Task<object?> InvokeAsync(MethodInfo method, object target, object?[] arguments)
    {
        var task = (Task)method.Invoke(target, arguments)!;
        await task;
        return task.GetType().IsGenericType ? task.GetType().GetProperty("Result")!.GetValue(task) : null;
    }

    private static string Normalize(string name) => new string(name.Where(char.IsLetterOrDigit).ToArray()).ToLowerInvariant();

    private static object? Convert(JsonNode? value, Type type, JsonSerializerOptions options)
    {
        if (value is null) return null;
        var target = Nullable.GetUnderlyingType(type) ?? type;
        if (target.IsEnum && value.GetValueKind() == JsonValueKind.String)
        {
            // Enum parameters travel as the contract's spelling ([EnumMember]), which may differ from the member name.
            var text = value.GetValue<string>();
            foreach (var field in target.GetFields(BindingFlags.Public | BindingFlags.Static))
            {
                var spelled = field.GetCustomAttribute<EnumMemberAttribute>()?.Value ?? field.Name;
                if (spelled == text) return field.GetValue(null);
            }
            throw new InvalidOperationException($"{text} is not a value of {target.Name}");
        }
        // `object` parameters (unions) are serialized by runtime type: a JsonElement is written as the example itself.
        return JsonSerializer.Deserialize(value.ToJsonString(), target, options);
    }
}
