using Microsoft.Extensions.Options;
using Verso.Client.Resilience;

namespace Verso.Client.DependencyInjection;

/// <summary>Checks a registration's options when its first client is resolved, with messages that name the setting
/// and the registration, instead of an ArgumentException deep inside the first call.</summary>
internal sealed class VersoClientOptionsValidator : IValidateOptions<VersoClientOptions>
{
    public ValidateOptionsResult Validate(string? name, VersoClientOptions options)
    {
        var registration = name ?? VersoClientOptions.DefaultName;
        var failures = new List<string>();
        if (string.IsNullOrWhiteSpace(options.BaseUrl))
        {
            failures.Add($"Verso client '{registration}': BaseUrl is required (the API origin, e.g. https://cms.example.com).");
        }
        else if (!Uri.TryCreate(options.BaseUrl, UriKind.Absolute, out var url) || VersoClientBuilder.BaseUrlProblem(url) is not null)
        {
            failures.Add($"Verso client '{registration}': BaseUrl must be an absolute http or https URL without query or fragment.");
        }
        if (options.Resilience is null)
        {
            failures.Add($"Verso client '{registration}': Resilience must not be null.");
        }
        else
        {
            try
            {
                options.Resilience.Freeze().Validate();
            }
            catch (ArgumentException e)
            {
                failures.Add($"Verso client '{registration}': Resilience.{e.ParamName}: {FirstLine(e.Message)}");
            }
        }
        return failures.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures);
    }

    /// <summary>ArgumentException appends " (Parameter 'x')" and the actual value on further lines; keep the sentence.</summary>
    private static string FirstLine(string message)
    {
        var end = message.IndexOf(" (Parameter", StringComparison.Ordinal);
        var first = end >= 0 ? message[..end] : message;
        var newline = first.IndexOfAny(['\r', '\n']);
        return newline >= 0 ? first[..newline] : first;
    }
}
