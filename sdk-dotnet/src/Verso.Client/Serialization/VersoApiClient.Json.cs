using System.Text.Json;
using Verso.Client.Serialization;

namespace Verso.Client.Generated;

// NSwag's documented extension point for the generated client's JSON settings (a partial method it declares).
public partial class VersoApiClient
{
    static partial void UpdateJsonSerializerSettings(JsonSerializerOptions settings)
    {
        // Enum values are the strings the contract declares. Generated enum properties carry EnumMemberConverter
        // themselves; enums inside arrays and dictionaries carry nothing and are covered here.
        settings.Converters.Add(new EnumMemberConverterFactory());
    }
}
