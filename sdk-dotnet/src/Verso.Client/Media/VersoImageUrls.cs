using System.Globalization;
using System.Text;
using Verso.Client.Generated;

namespace Verso.Client.Media;

/// <summary>
/// Responsive image URLs (issue #26) built from the signed rendition template a delivery response carries
/// (<c>asset.RenditionUrl</c>: <c>…/{signature}/w_{width},f_{format}/{name}</c>): a width, a format and a device pixel
/// ratio (the server keeps the image's aspect ratio and fixes the quality, so one image has a bounded number of
/// renditions). The signature covers the asset, not the transformation, so no secret is needed; every value is checked
/// against the set the server publishes at <c>GET /media/v1/settings</c> (<see cref="PublicMediaSettings"/>), so a value
/// outside it fails here, before any request, instead of as a 400.
/// </summary>
public static class VersoImageUrls
{
    /// <summary>The URL of one rendition of a delivered asset.</summary>
    /// <param name="asset">A Media value's asset from a delivery response.</param>
    /// <param name="settings">The published set (<c>client.Api.GetPublicMediaSettingsAsync()</c>).</param>
    /// <param name="width">A width from <see cref="PublicMediaSettings.Widths"/>.</param>
    /// <param name="format">The output format (the input's own when absent; <c>Auto</c> negotiates from Accept).</param>
    /// <param name="dpr">A device pixel ratio from <see cref="PublicMediaSettings.Dprs"/>.</param>
    /// <returns>The URL (relative to the API unless the server writes an origin).</returns>
    /// <exception cref="ArgumentException">A value outside the published set, or an asset without renditions.</exception>
    public static string ImageUrl(this DeliveredAsset asset, PublicMediaSettings settings, int? width = null, Formats? format = null, int dpr = 1)
    {
        ArgumentNullException.ThrowIfNull(asset);
        return Build(asset.RenditionUrl, settings, width, format, dpr);
    }

    /// <summary>The URL of one rendition of an asset from the media API (see the <see cref="DeliveredAsset"/> overload).</summary>
    public static string ImageUrl(this MediaAssetResponse asset, PublicMediaSettings settings, int? width = null, Formats? format = null, int dpr = 1)
    {
        ArgumentNullException.ThrowIfNull(asset);
        return Build(asset.RenditionUrl, settings, width, format, dpr);
    }

    /// <summary>A <c>srcset</c> value: one <c>url {width}w</c> per width, with the same format.</summary>
    /// <exception cref="ArgumentException">A width outside the published set (or none).</exception>
    public static string SrcSet(this DeliveredAsset asset, PublicMediaSettings settings, IEnumerable<int> widths, Formats? format = null)
    {
        ArgumentNullException.ThrowIfNull(widths);
        var list = widths.ToList();
        if (list.Count == 0) throw new ArgumentException("SrcSet needs at least one width.", nameof(widths));
        return string.Join(", ", list.Select(w => $"{asset.ImageUrl(settings, width: w, format: format)} {w.ToString(CultureInfo.InvariantCulture)}w"));
    }

    private static string Build(string? template, PublicMediaSettings settings, int? width, Formats? format, int dpr)
    {
        ArgumentNullException.ThrowIfNull(settings);
        if (template is null) throw new ArgumentException("This asset has no renditions (not a raster image, or public media is off); use its Url.");
        if (!settings.Enabled) throw new ArgumentException("Public media is off on this server.");
        Check(settings.Dprs.Contains(dpr), $"dpr {dpr} is not allowed; use one of {string.Join(", ", settings.Dprs)}.");
        var parts = new List<string>();
        if (width is int w)
        {
            Check(w >= 1, $"width must be positive, got {w}.");
            Check(settings.AnyWidth || settings.Widths.Contains(w), $"width {w} is not allowed; use one of {string.Join(", ", settings.Widths)}.");
            Check(w * dpr <= settings.MaxWidth, $"width × dpr ({w * dpr}) is more than the maximum {settings.MaxWidth}.");
            parts.Add($"w_{w.ToString(CultureInfo.InvariantCulture)}");
        }
        if (format is Formats fmt)
        {
            Check(settings.Formats.Contains(fmt), $"format {Wire(fmt)} is not allowed.");
            parts.Add($"f_{Wire(fmt)}");
        }
        if (dpr != 1) parts.Add($"dpr_{dpr.ToString(CultureInfo.InvariantCulture)}");
        Check(parts.Count > 0, "An image URL needs at least one transformation (or use the asset's Url for the original).");
        var segments = template.Split('/');
        Check(segments.Length >= 3, "RenditionUrl is not a Verso rendition URL.");
        segments[^2] = string.Join(",", parts);
        return string.Join("/", segments);
    }

    private static string Wire(Formats f) => f.ToString().ToLowerInvariant();

    private static void Check(bool ok, string message)
    {
        if (!ok) throw new ArgumentException(message);
    }
}
