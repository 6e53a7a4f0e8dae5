namespace Verso.Client.Errors;

/// <summary>A call ran out of time that the caller did not cancel: the client's overall deadline passed, or the
/// final attempt exceeded the per-attempt timeout. Distinct from <see cref="OperationCanceledException"/>, which
/// only ever means the caller's own cancellation.</summary>
/// <remarks>It derives from <see cref="TimeoutException"/>, not from OperationCanceledException, so HttpClient
/// passes it through unchanged instead of rewrapping it as a cancellation.</remarks>
public sealed class VersoTimeoutException : TimeoutException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="timeout">The configured budget that was exceeded.</param>
    /// <param name="wholeCall">True for the whole-call budget, false for the attempt timeout.</param>
    /// <param name="inner">The cancellation or Polly timeout that ended the call.</param>
    public VersoTimeoutException(TimeSpan timeout, bool wholeCall, Exception? inner = null)
        : base(wholeCall
            ? $"The Verso API call did not complete within its {timeout.TotalSeconds:0.###} s budget."
            : $"The Verso API did not answer within the {timeout.TotalSeconds:0.###} s attempt timeout.", inner)
    {
        Timeout = timeout;
        WholeCall = wholeCall;
    }

    /// <summary>The configured budget that was exceeded.</summary>
    public TimeSpan Timeout { get; }

    /// <summary>True for the overall deadline, false for the per-attempt timeout of the last attempt.</summary>
    public bool WholeCall { get; }
}
