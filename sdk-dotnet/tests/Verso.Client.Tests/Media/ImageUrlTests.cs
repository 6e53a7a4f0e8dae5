using Verso.Client.Generated;
using Verso.Client.Media;

namespace Verso.Client.Tests.Media;

/// <summary>
/// Issue #26: <c>asset.ImageUrl(…)</c> and <c>SrcSet(…)</c> fill the signed rendition template with values checked
/// against the set the server publishes; a value outside it fails before any request.
/// </summary>
public sealed class ImageUrlTests
{
    private const string Template = "/media/v1/0190f3a1-7c2b-7d4e-9a10-1234567890ab/0190f3a1-7c2b-7d4e-9a10-1234567890ad/0123456789abcdef/k1.AAAAAAAAAAAAAAAAAAAAAA/w_{width},f_{format}/hero.jpg";
    private const string Base = "/media/v1/0190f3a1-7c2b-7d4e-9a10-1234567890ab/0190f3a1-7c2b-7d4e-9a10-1234567890ad/0123456789abcdef/k1.AAAAAAAAAAAAAAAAAAAAAA/";

    private static PublicMediaSettings Settings() => new()
    {
        Enabled = true,
        Widths = [160, 320, 640, 1200, 2560],
        AnyWidth = false,
        MaxWidth = 2560,
        MaxHeight = 2560,
        DefaultQuality = 75,
        Formats = [Formats.Auto, Formats.Webp, Formats.Avif, Formats.Jpeg, Formats.Png],
        Dprs = [1, 2, 3],
    };

    private static DeliveredAsset Asset(string? template = Template) => new() { Id = Guid.NewGuid(), FileName = "hero.jpg", MimeType = "image/jpeg", RenditionUrl = template };

    [Fact]
    public void ImageUrl_fills_the_template_with_the_transformation()
    {
        Assert.Equal(Base + "w_640,f_webp/hero.jpg", Asset().ImageUrl(Settings(), width: 640, format: Formats.Webp));
        Assert.Equal(Base + "w_320,f_png,dpr_2/hero.jpg", Asset().ImageUrl(Settings(), width: 320, format: Formats.Png, dpr: 2));
    }

    [Fact]
    public void SrcSet_lists_one_url_per_width()
    {
        Assert.Equal($"{Base}w_320,f_auto/hero.jpg 320w, {Base}w_640,f_auto/hero.jpg 640w", Asset().SrcSet(Settings(), [320, 640], format: Formats.Auto));
    }

    [Fact]
    public void Values_outside_the_published_set_fail_before_any_request()
    {
        var s = Settings();
        Assert.Throws<ArgumentException>(() => Asset().ImageUrl(s, width: 700));
        Assert.Throws<ArgumentException>(() => Asset().ImageUrl(s, width: 0));
        Assert.Throws<ArgumentException>(() => Asset().ImageUrl(s, width: 640, dpr: 4));
        Assert.Throws<ArgumentException>(() => Asset().ImageUrl(s, width: 2560, dpr: 2));
        Assert.Throws<ArgumentException>(() => Asset().ImageUrl(s));
        Assert.Throws<ArgumentException>(() => Asset(null).ImageUrl(s, width: 320));
        Assert.Throws<ArgumentException>(() => Asset().SrcSet(s, [320, 333]));
        s.Formats = [Formats.Webp];
        Assert.Throws<ArgumentException>(() => Asset().ImageUrl(s, width: 320, format: Formats.Avif));
    }
}
