#!/usr/bin/env bash
# Regenerates the C# client in src/Verso.Client/Generated/ from the OpenAPI contract (NSwag, see README.md).
#
#   sdk-dotnet/generate.sh [--check] [openapi.json]
#
# The document defaults to ../openapi/dist/openapi.json relative to sdk-dotnet/; a path given is taken relative to
# the current directory, else to sdk-dotnet/. Without the default document there is nothing to do yet: a message,
# exit 0; a document named on the command line must exist (exit 2 otherwise).
# --check writes nothing: it exits 1 (listing the files) when the committed files differ from a regeneration.
# Output is deterministic: the same document always yields byte-identical files.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode=()
positional=()
for arg in "$@"; do
  case "$arg" in
    --check) mode=(--check) ;;
    -*) echo "generate.sh: unknown option $arg" >&2; exit 2 ;;
    *) positional+=("$arg") ;;
  esac
done
if [[ ${#positional[@]} -gt 1 ]]; then echo "usage: generate.sh [--check] [openapi.json]" >&2; exit 2; fi
set -- "${positional[@]}"
if [[ $# -eq 0 ]]; then
  doc="$here/../openapi/dist/openapi.json"
  if [[ ! -f "$doc" ]]; then
    echo "generate.sh: no OpenAPI document at $doc yet; nothing to generate."
    exit 0
  fi
else
  doc="$1"
  if [[ ! -f "$doc" && -f "$here/$doc" ]]; then doc="$here/$doc"; fi
  if [[ ! -f "$doc" ]]; then
    echo "generate.sh: $1 not found (relative to $(pwd) or $here)." >&2
    exit 2
  fi
fi
doc="$(cd "$(dirname "$doc")" && pwd)/$(basename "$doc")"

export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1
generator="$here/generator/Verso.Client.Generator"
# Packages come from sdk-dotnet/nuget.config (the offline folder plus the NuGet copy); no build servers linger.
dotnet build "$generator/Verso.Client.Generator.csproj" -c Release -nologo -v quiet --disable-build-servers -p:UseSharedCompilation=false >/dev/null \
  || dotnet build "$generator/Verso.Client.Generator.csproj" -c Release -nologo -v minimal --disable-build-servers -p:UseSharedCompilation=false
dotnet "$generator/bin/Release/net10.0/Verso.Client.Generator.dll" "$doc" "$here/src/Verso.Client/Generated" "${mode[@]}"
