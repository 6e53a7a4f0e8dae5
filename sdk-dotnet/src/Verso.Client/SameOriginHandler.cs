namespace Verso.Client;

/// <summary>Refuses, before anything is sent, a request whose URL leaves the configured API origin.</summary>
/// <remarks>The pipeline adds the bearer token to every request; an absolute URL to another host (a link taken from
/// a response, a mistake) would otherwise carry the token there.</remarks>
internal sealed class SameOriginHandler : DelegatingHandler
{
    private readonly Uri _baseUrl;

    public SameOriginHandler(Uri baseUrl) => _baseUrl = baseUrl;

    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var uri = request.RequestUri;
        if (uri is null || !uri.IsAbsoluteUri
            || Uri.Compare(uri, _baseUrl, UriComponents.SchemeAndServer, UriFormat.Unescaped, StringComparison.OrdinalIgnoreCase) != 0)
        {
            throw new InvalidOperationException($"The request must target the configured Verso API origin ({_baseUrl.GetLeftPart(UriPartial.Authority)}).");
        }
        return base.SendAsync(request, cancellationToken);
    }
}
