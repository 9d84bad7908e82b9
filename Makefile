# Parts Garage. The two commands: `make run` starts the shop, `make test` runs every test.
SHELL := /bin/bash
CARGO ?= cargo
WEB := web
HAS_WEB := $(wildcard $(WEB)/package.json)

.PHONY: run build web api-types test test-server test-web lint bench bench-scale clean fuzz

## Build what changed of the web app and the server, then start the shop on
## http://127.0.0.1:8080 with the embedded SQLite database (in ./data) and demo
## data. The server is built with the `quick-release` profile: optimised like a release,
## without its whole-program (fat LTO) link, so a second start is a no-op build.
run: web
	$(CARGO) build --profile quick-release -p shop
	@$(VIN_STAMP_SETTLED)
	./target/quick-release/shop serve

## The release build (fat LTO), as `make bench` and a deployment use.
build: web
	$(CARGO) build --release -p shop
	@$(VIN_STAMP_SETTLED)

## The VIN decoder's build script writes its tables' stamp while it runs, so
## cargo would run it again (and rebuild the decoder and relink the shop) on
## the next build although nothing changed. The stamp is dated back once the
## tables are written; the script still runs when the decoder itself changes.
VIN_STAMP_SETTLED = touch -c -d @0 target/vin-tables/assets.stamp

## The web app, built only when something it is built from changed: its
## packages are installed again only when the lock file changed.
web: $(if $(HAS_WEB),$(WEB)/dist/index.html)

WEB_SOURCES = $(shell find $(WEB)/src $(WEB)/public -type f 2>/dev/null) \
	$(wildcard $(WEB)/index.html $(WEB)/vite.config.* $(WEB)/tsconfig*.json $(WEB)/package.json)

$(WEB)/node_modules/.installed: $(WEB)/package-lock.json
	cd $(WEB) && npm ci --no-audit --no-fund
	touch $@

$(WEB)/dist/index.html: $(WEB)/node_modules/.installed $(WEB_SOURCES)
	cd $(WEB) && npm run build
	touch $@

## The web's API types: the server's OpenAPI document (GET /api/openapi.json) into
## web/src/api/openapi.json, and the TypeScript generated from it (web/src/api/schema.d.ts,
## web/src/api/enums.ts). `npm run check:api` (part of the web's lint) fails when they are stale.
api-types:
	$(CARGO) build -p shop
	test -d $(WEB)/node_modules || (cd $(WEB) && npm ci --no-audit --no-fund)
	./target/debug/shop openapi > $(WEB)/src/api/openapi.json
	cd $(WEB) && npm run gen:api

## Every test: formatting and lints, the server's tests on SQLite and on
## PostgreSQL, and the web app's component and end-to-end tests.
test: lint test-server test-web fuzz

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets -- -D warnings

test-server:
	./scripts/ensure-postgres.sh
	@# Three shop processes behind a load balancer: nginx (Debian's package).
	./scripts/ensure-nginx.sh
	@# The Google sign-in tests run a real OpenID provider (npm oidc-provider).
	cd server/tests/oidc && npm ci --no-audit --no-fund
	@# The mail tests run a real SMTP server (Python aiosmtpd, in .tools/smtp-venv).
	./scripts/ensure-smtp-capture.sh >/dev/null
	@echo "== server tests on SQLite =="
	$(CARGO) test -p shop
	@$(VIN_STAMP_SETTLED)
	@echo "== server API tests on PostgreSQL =="
	SHOP_TEST_DATABASE=postgres $(CARGO) test -p shop --test api

test-web:
ifneq ($(HAS_WEB),)
	cd $(WEB) && npm ci --no-audit --no-fund
	cd $(WEB) && npm run lint && npm run build && npm run test:unit
	@# The JS and CSS the home page loads before it is interactive (web/scripts/bundle-size.mjs), in KB gzip.
	cd $(WEB) && npm run size -- --max-kb 120
	$(WEB)/scripts/ensure-chromium.sh
	$(CARGO) build -p shop
	cd $(WEB) && SHOP_BIN=$(CURDIR)/target/debug/shop npm run test:e2e
endif

## Fuzz the API with Schemathesis (pinned, in a venv under .tools/) against its
## OpenAPI document, as the admin and as a buyer: no 5xx, no answer off the document.
fuzz:
	$(CARGO) build -p shop
	SHOP_BIN=$(CURDIR)/target/debug/shop ./scripts/fuzz-api.sh

## The benchmark (bench/README.md): the shop against nginx, orders on SQLite and
## PostgreSQL, memory, bundle size and Lighthouse; results in bench/results/.
bench:
	./bench/run.sh

## The catalogue at 10,000, 100,000 and 1,000,000 parts on SQLite and PostgreSQL:
## import, size, memory, start-up and each kind of request (bench/README.md).
bench-scale:
	./bench/scale.sh

clean:
	$(CARGO) clean
	rm -rf $(WEB)/dist $(WEB)/node_modules server/tests/oidc/node_modules
