// What a new .NET developer writes against the packed Verso.Client: sign in, then read through the generated API.
// Run by tests/Verso.Client.Tests/Packaging/ConsumerAppTests.cs against the real server that sdk-dotnet/test.sh
// starts; it prints one "CONSUMER <step> <value>" line per step, which the test checks, and exits non-zero on
// any failure.
using Verso.Client;
using Verso.Client.Generated;

static string Required(string name) =>
    Environment.GetEnvironmentVariable(name) is { Length: > 0 } value
        ? value
        : throw new InvalidOperationException($"{name} is not set");

var baseUrl = Required("VERSO_E2E_BASE_URL");
var email = Required("VERSO_E2E_EMAIL");
var password = Required("VERSO_E2E_PASSWORD");
using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(1));
var ct = timeout.Token;

string? sessionToken = null;
using var verso = new VersoClientBuilder(baseUrl)
    .WithTokenProvider(_ => ValueTask.FromResult(sessionToken))
    .Build();

var login = await verso.Api.LoginAsync(new LoginRequest { Email = email, Password = password }, ct);
sessionToken = login.Token;
var me = await verso.Api.GetCurrentUserAsync(ct);
Console.WriteLine($"CONSUMER signed-in {me.Email}");

var workspaces = await verso.Api.ListWorkspacesAsync(page: 1, pageSize: 100, cancellationToken: ct);
Console.WriteLine($"CONSUMER workspaces {workspaces.TotalCount}");
Console.WriteLine($"CONSUMER client-assembly {typeof(VersoClient).Assembly.Location}");
