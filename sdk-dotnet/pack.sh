#!/usr/bin/env bash
# Packs the .NET SDK as users install it: <out-dir>/Verso.Client.<version>.nupkg and Verso.Client.<version>.snupkg.
#
#   sdk-dotnet/pack.sh [out-dir]        (default: dist/packages at the repository root; `make pack` runs this)
#
# The package (metadata, README, license expression, XML docs for net8.0 and net10.0) is described by
# src/Verso.Client/Verso.Client.csproj and Directory.Build.props. ContinuousIntegrationBuild=true makes the build
# reproducible: PDB source paths become /_/… instead of this machine's, and SourceLink must map them to the
# repository at the current commit (Directory.Build.props explains the clone-without-remote case). Restore uses
# sdk-dotnet/nuget.config. Packaging/PackageTests (run by test.sh) packs through this script and checks the result.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/../dist/packages}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1
dotnet pack "$here/src/Verso.Client/Verso.Client.csproj" -c Release -o "$out" -nologo -v minimal \
  --disable-build-servers -p:UseSharedCompilation=false -p:ContinuousIntegrationBuild=true
