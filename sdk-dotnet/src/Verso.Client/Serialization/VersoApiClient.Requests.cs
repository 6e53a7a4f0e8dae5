using System.Text;

namespace Verso.Client.Generated;

// NSwag's documented per-request hook (a partial method the generated client declares and calls before sending).
public partial class VersoApiClient
{
    private static readonly byte[] JsonNull = Encoding.ASCII.GetBytes("null");

    partial void PrepareRequest(HttpClient client, HttpRequestMessage request, string url)
    {
        // An optional body the caller leaves out is serialized by the generated code as the JSON literal `null`. The
        // contract means "no body" there (e.g. upgrade-template-version without fields: no Content-Type, zero length),
        // and a required body is never null (the generated code throws first), so `null` is dropped.
        if (request.Content is ByteArrayContent content && content.Headers.ContentLength == JsonNull.Length)
        {
            using var stream = content.ReadAsStream();
            var bytes = new byte[JsonNull.Length];
            if (stream.Read(bytes, 0, bytes.Length) == bytes.Length && bytes.AsSpan().SequenceEqual(JsonNull))
            {
                request.Content = null;
                content.Dispose();
            }
        }
    }
}
