using System.Net;
using System.Text;

namespace Verso.Client.Tests.Support;

/// <summary>Scripted transport replies.</summary>
public static class Replies
{
    public static Reply Status(int status, string? body = null, string mediaType = "application/json", params (string Name, string Value)[] headers) =>
        (_, _) => Task.FromResult(Response(status, body, mediaType, headers));

    public static Reply Ok(string json = "{}", params (string Name, string Value)[] headers) => Status(200, json, "application/json", headers);

    public static Reply Problem(int status, string json, params (string Name, string Value)[] headers) =>
        Status(status, json, "application/problem+json", headers);

    public static Reply Throw(Exception exception) => (_, _) => Task.FromException<HttpResponseMessage>(exception);

    public static Reply ConnectionRefused(string message = "Connection refused") =>
        Throw(new HttpRequestException(HttpRequestError.ConnectionError, message));

    /// <summary>Never answers; ends only when the attempt's token is cancelled (as a real transport does).</summary>
    public static Reply Hang() => async (_, ct) =>
    {
        await Task.Delay(Timeout.Infinite, ct);
        throw new InvalidOperationException("unreachable");
    };

    /// <summary>Ignores cancellation: answers only once <paramref name="release"/> completes, like a response already on its way.</summary>
    public static Reply After(Task release, Reply then) => async (seen, ct) =>
    {
        await release;
        return await then(seen, CancellationToken.None);
    };

    public static HttpResponseMessage Response(int status, string? body, string mediaType, params (string Name, string Value)[] headers)
    {
        var response = new HttpResponseMessage((HttpStatusCode)status);
        if (body is not null) response.Content = new StringContent(body, Encoding.UTF8, mediaType);
        foreach (var (name, value) in headers)
        {
            if (!response.Headers.TryAddWithoutValidation(name, value)) response.Content?.Headers.TryAddWithoutValidation(name, value);
        }
        return response;
    }
}
