using System.Globalization;

namespace Verso.Client.Paging;

/// <summary>
/// Refuses, before anything is sent, a request whose query asks for a page number below 1 or a page size outside
/// 1..<see cref="VersoPaging.MaxPageSize"/> (spec item 26, as the TypeScript SDK does).
/// </summary>
/// <remarks>
/// The generated List*Async methods are not ours to edit, and every operation of the contract that takes
/// <c>page</c>/<c>pageSize</c> declares exactly these bounds, so the check reads the query the generated code built.
/// Parameter names are matched case-insensitively, as the server binds them.
/// </remarks>
internal sealed class PagingRangeHandler : DelegatingHandler
{
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        if (request.RequestUri is { IsAbsoluteUri: true, Query.Length: > 1 } uri) Check(uri.Query);
        return base.SendAsync(request, cancellationToken);
    }

    private static void Check(string query)
    {
        foreach (var pair in query.AsSpan(1).ToString().Split('&'))
        {
            var equals = pair.IndexOf('=');
            if (equals <= 0) continue;
            var name = Uri.UnescapeDataString(pair[..equals]);
            var value = Uri.UnescapeDataString(pair[(equals + 1)..]);
            if (name.Equals("page", StringComparison.OrdinalIgnoreCase))
                VersoPaging.CheckPage(Parse(name, value, "page"));
            else if (name.Equals("pageSize", StringComparison.OrdinalIgnoreCase))
                VersoPaging.CheckPageSize(Parse(name, value, "pageSize"));
        }
    }

    private static long Parse(string name, string value, string paramName) =>
        long.TryParse(value, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var number)
            ? number
            : throw new ArgumentOutOfRangeException(paramName, value, $"{name} must be an integer.");
}
