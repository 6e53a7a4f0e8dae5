#!/usr/bin/env bash
# Builds the .NET SDK and runs its xunit tests; dotnet test prints its summary line
# ("Passed!  - Failed: 0, Passed: N, Skipped: 0, Total: N" or "Failed! ...") and the script exits non-zero on failure.
#
#   sdk-dotnet/test.sh [extra dotnet test arguments, e.g. --filter RetryTests]
#
# Restore uses sdk-dotnet/nuget.config: /opt/nuget/packages (xunit and the test SDK, present on every machine of this
# kind) plus nuget.org through the copy served here (the net8.0 targeting pack, NSwag.MSBuild, the fake clock).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tests="$here/tests/Verso.Client.Tests/Verso.Client.Tests.csproj"
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1
build_flags=(-c Release -nologo --disable-build-servers -p:UseSharedCompilation=false)

dotnet restore "$tests" --disable-build-servers
dotnet build "$tests" --no-restore "${build_flags[@]}" -v minimal
# A hung test fails the run after 2 minutes instead of stalling CI.
dotnet test "$tests" --no-build -c Release --blame-hang-timeout 120s \
  --results-directory "$here/tests/Verso.Client.Tests/bin/TestResults" "$@"
