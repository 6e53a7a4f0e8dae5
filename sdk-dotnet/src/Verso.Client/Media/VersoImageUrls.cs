using System.Globalization;
using System.Text;
using Verso.Client.Generated;

namespace Verso.Client.Media;

/// <summary>
/// Responsive image URLs (issue #26) built from the signed rendition template a delivery response carries
/// (<c>asset.RenditionUrl</c>: <c>…/{signature}/w_{width},f_{format}/{name}</c>). The signature covers the asset, not
/// the transformation, so no secret is needed; every value is checked against the set the server publishes at
/// <c>GET /media/v1/settings</c> (<see cref="PublicMediaSettings"/>), so a value outside it fails here, before any
/// request, instead of as a 400.
/// </summary>
public static class VersoImageUrls
{
    /// <summary>The URL of one rendition of a delivered asset.</summary>
    /// <param name="asset">A Media value's asset from a delivery response.</param>
    /// <param name="settings">The published set (<c>client.Api.GetPublicMediaSettingsAsync()</c>).</param>
    /// <param name="width">A width from <see cref="PublicMediaSettings.Widths"/>.</param>
    /// <param name="height">A height from the same set.</param>
    /// <param name="fit">How both sides are fitted (cover when absent).</param>
    /// <param name="focalPoint">The focal point of a cover crop, each coordinate 0–1 in steps of <see cref="PublicMediaSettings.FocalPointStep"/>.</param>
    /// <param name="format">The output format (the input's own when absent; <c>Auto</c> negotiates from Accept).</param>
    /// <param name="quality">A quality from <see cref="PublicMediaSettings.Qualities"/>.</param>
    /// <param name="dpr">A device pixel ratio from <see cref="PublicMediaSettings.Dprs"/>.</param>
    /// <returns>The URL (relative to the API unless the server writes an origin).</returns>
    /// <exception cref="ArgumentException">A value outside the published set, or an asset without renditions.</exception>
    public static string ImageUrl(this DeliveredAsset asset, PublicMediaSettings settings, int? width = null, int? height = null, Fits? fit = null,
        (double X, double Y)? focalPoint = null, Formats? format = null, int? quality = null, int dpr = 1)
    {
        ArgumentNullException.ThrowIfNull(asset);
        return Build(asset.RenditionUrl, settings, width, height, fit, focalPoint, format, quality, dpr);
    }

    /// <summary>The URL of one rendition of an asset from the media API (see the <see cref="DeliveredAsset"/> overload).</summary>
    public static string ImageUrl(this MediaAssetResponse asset, PublicMediaSettings settings, int? width = null, int? height = null, Fits? fit = null,
        (double X, double Y)? focalPoint = null, Formats? format = null, int? quality = null, int dpr = 1)
    {
        ArgumentNullException.ThrowIfNull(asset);
        return Build(asset.RenditionUrl, settings, width, height, fit, focalPoint, format, quality, dpr);
    }

    /// <summary>A <c>srcset</c> value: one <c>url {width}w</c> per width, with the same format and quality.</summary>
    /// <exception cref="ArgumentException">A width outside the published set (or none).</exception>
    public static string SrcSet(this DeliveredAsset asset, PublicMediaSettings settings, IEnumerable<int> widths, Formats? format = null, int? quality = null)
    {
        ArgumentNullException.ThrowIfNull(widths);
        var list = widths.ToList();
        if (list.Count == 0) throw new ArgumentException("SrcSet needs at least one width.", nameof(widths));
        return string.Join(", ", list.Select(w => $"{asset.ImageUrl(settings, width: w, format: format, quality: quality)} {w.ToString(CultureInfo.InvariantCulture)}w"));
    }

    private static string Build(string? template, PublicMediaSettings settings, int? width, int? height, Fits? fit, (double X, double Y)? focalPoint,
        Formats? format, int? quality, int dpr)
    {
        ArgumentNullException.ThrowIfNull(settings);
        if (template is null) throw new ArgumentException("This asset has no renditions (not a raster image, or public media is off); use its Url.");
        if (!settings.Enabled) throw new ArgumentException("Public media is off on this server.");
        Check(settings.Dprs.Contains(dpr), $"dpr {dpr} is not allowed; use one of {string.Join(", ", settings.Dprs)}.");
        var parts = new List<string>();
        if (width is int w)
        {
            Side(w, "width", settings, settings.MaxWidth, dpr);
            parts.Add($"w_{w.ToString(CultureInfo.InvariantCulture)}");
        }
        if (height is int h)
        {
            Side(h, "height", settings, settings.MaxHeight, dpr);
            parts.Add($"h_{h.ToString(CultureInfo.InvariantCulture)}");
        }
        if (fit is Fits f)
        {
            Check(settings.Fits.Contains(f), $"fit {Wire(f)} is not allowed.");
            parts.Add($"fit_{Wire(f)}");
        }
        if (focalPoint is (double x, double y)) parts.Add($"fp_{Coordinate(x, settings.FocalPointStep)}_{Coordinate(y, settings.FocalPointStep)}");
        if (format is Formats fmt)
        {
            Check(settings.Formats.Contains(fmt), $"format {Wire(fmt)} is not allowed.");
            parts.Add($"f_{Wire(fmt)}");
        }
        if (quality is int q)
        {
            Check(settings.Qualities.Contains(q), $"quality {q} is not allowed; use one of {string.Join(", ", settings.Qualities)}.");
            parts.Add($"q_{q.ToString(CultureInfo.InvariantCulture)}");
        }
        if (dpr != 1) parts.Add($"dpr_{dpr.ToString(CultureInfo.InvariantCulture)}");
        Check(parts.Count > 0, "An image URL needs at least one transformation (or use the asset's Url for the original).");
        var segments = template.Split('/');
        Check(segments.Length >= 3, "RenditionUrl is not a Verso rendition URL.");
        segments[^2] = string.Join(",", parts);
        return string.Join("/", segments);
    }

    private static void Side(int value, string what, PublicMediaSettings s, int max, int dpr)
    {
        Check(value >= 1, $"{what} must be positive, got {value}.");
        Check(s.AnyWidth || s.Widths.Contains(value), $"{what} {value} is not allowed; use one of {string.Join(", ", s.Widths)}.");
        Check(value * dpr <= max, $"{what} × dpr ({value * dpr}) is more than the maximum {max}.");
    }

    private static string Coordinate(double value, double step)
    {
        var steps = Math.Round(value / step);
        Check(value >= 0 && value <= 1 && Math.Abs(steps * step - value) < 1e-9, $"a focal point coordinate must be 0–1 in steps of {step.ToString(CultureInfo.InvariantCulture)}, got {value.ToString(CultureInfo.InvariantCulture)}.");
        return Math.Round(steps * step, 6).ToString(CultureInfo.InvariantCulture);
    }

    private static string Wire(Formats f) => f.ToString().ToLowerInvariant();

    private static string Wire(Fits f) => f.ToString().ToLowerInvariant();

    private static void Check(bool ok, string message)
    {
        if (!ok) throw new ArgumentException(message);
    }
}
