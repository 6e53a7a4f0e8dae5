namespace Verso.Client.Tests.Support;

/// <summary>
/// The real server's coordinates that sdk-dotnet/test.sh passes in VERSO_E2E_* variables. A test that needs one fails
/// (never skips) when it is missing, and says how to run it.
/// </summary>
public static class E2eEnvironment
{
    public static string Required(string name) =>
        Environment.GetEnvironmentVariable(name) is { Length: > 0 } value
            ? value
            : throw new InvalidOperationException($"{name} is not set: run the real-server tests through sdk-dotnet/test.sh, which starts the server");
}
