# House Rules: `make run` serves the app, `make test` runs every test.
SHELL := /bin/bash
# make run listens on the home network (HOST=127.0.0.1: this computer only).
HOST ?= 0.0.0.0
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
CHROMIUM := /usr/bin/chromium-headless-shell
JAVA := /usr/bin/java
NGINX := /usr/sbin/nginx
# nginx's Nchan module (the push engine, see play/push.py): Debian's libnginx-mod-nchan.
NCHAN := /usr/lib/nginx/modules/ngx_nchan_module.so
REDIS := /usr/bin/redis-server
MSGFMT := /usr/bin/msgfmt
# make run's server (waitress, see unosite/serve.py) answers with this many threads.
THREADS ?= 8

# Dependencies come from uv.lock (exact versions and hashes), installed by uv, which itself
# lives in .tools/, installed there with pip (the found Python's, or a small venv's). uv uses the Python
# scripts/find-python finds and never downloads one; it reads the same index as pip (PyPI).
TOOLS := .tools
UV_VERSION := 0.13.9
UV := $(TOOLS)/bin/uv
export UV_PYTHON_DOWNLOADS := never
# Python keeps compiled modules (__pycache__/, ignored by git) even where the environment says not
# to (PYTHONDONTWRITEBYTECODE): every test worker and served process would otherwise compile
# Django and the app from source again, seconds each.
unexport PYTHONDONTWRITEBYTECODE
export UV_PROJECT_ENVIRONMENT := $(VENV)
FIND_PYTHON = py=$$(scripts/find-python) || exit 1
# The W3C's Nu HTML Checker, from npm, run by tests/test_html.py.
VNU_VERSION := 26.9.27
VNU := $(TOOLS)/node_modules/vnu-jar/build/dist/vnu.jar
# pytest's exit code 5 (no test collected) is not a failure of a target that runs a part of
# the suite (a marker or a folder that is empty for now); anything else is passed on.
NO_TESTS_OK = s=$$?; if [ $$s -eq 5 ]; then echo "pytest collected no test here"; exit 0; fi; exit $$s
PYTEST := env VNU_JAR=$(CURDIR)/$(VNU) DJANGO_ALLOW_ASYNC_UNSAFE=true $(VENV)/bin/pytest
LOCK_HINT = { echo "uv.lock does not match pyproject.toml: run 'make lock' and commit uv.lock" >&2; exit 1; }

.PHONY: messages translations run dev test test-fast test-contract test-production check-html test-postgres screenshots bench-sim loadtest capacity lint setup lock lock-upgrade clean

$(UV):
	@$(FIND_PYTHON); echo "Installing uv $(UV_VERSION) into $(TOOLS) with pip ($$py)"; \
	if "$$py" -m pip --version >/dev/null 2>&1; then \
		"$$py" -m pip install -q --target $(TOOLS) uv==$(UV_VERSION); \
	else \
		"$$py" -m venv $(TOOLS)/venv && $(TOOLS)/venv/bin/pip install -q uv==$(UV_VERSION) && \
		mkdir -p $(TOOLS)/bin && ln -sf ../venv/bin/uv $(UV); \
	fi

# The app's dependencies (--inexact: the development tools, if there, stay).
$(STAMP): pyproject.toml uv.lock | $(UV)
	@$(FIND_PYTHON); $(UV) sync -q --locked --inexact --python "$$py" || $(LOCK_HINT)
	@touch $@

# The app's dependencies and the development tools, exactly as locked.
$(DEV_STAMP): pyproject.toml uv.lock | $(UV)
	@$(FIND_PYTHON); $(UV) sync -q --locked --extra dev --python "$$py" || $(LOCK_HINT)
	@touch $(STAMP) $@

# After changing the dependencies in pyproject.toml (`make lock-upgrade`: newest versions allowed).
lock: | $(UV)
	@$(FIND_PYTHON); $(UV) lock --python "$$py"

lock-upgrade: | $(UV)
	@$(FIND_PYTHON); $(UV) lock --upgrade --python "$$py"

$(CHROMIUM):
	@echo "Installing Debian's chromium-headless-shell for the browser tests"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null

# The tests run deploy/nginx.conf in front of gunicorn.
$(NGINX):
	@echo "Installing Debian's nginx for the tests of deploy/nginx.conf"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null

$(NCHAN): | $(NGINX)
	@echo "Installing Debian's Nchan module for nginx (the phones' streams of their game)"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libnginx-mod-nchan >/dev/null

# The tests of the Redis cache (two gunicorn workers sharing one) start their own redis-server.
$(REDIS):
	@echo "Installing Debian's redis-server for the tests of the shared cache"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null

# gettext's tools (msgfmt, xgettext) compile and gather the translations.
$(MSGFMT):
	@echo "Installing Debian's gettext for the translations"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null

# The languages beside English (English is the source text); see the README's "Translating".
LOCALES := es fr de pt_BR
I18N_IGNORE := --ignore=.venv --ignore=.tools --ignore=node_modules --ignore=staticfiles \
	--ignore=tests --ignore=test-artifacts --ignore=bench --ignore=docs
# Gathers every marked text into locale/<language>/LC_MESSAGES/django.po (pages, forms, rule
# texts) and djangojs.po (the scripts in static/js), keeping what is translated already.
messages: $(DEV_STAMP) $(MSGFMT)
	$(PY) manage.py makemessages $(addprefix -l ,$(LOCALES)) $(I18N_IGNORE) --add-location=file --no-obsolete -v 0
	$(PY) manage.py makemessages -d djangojs $(addprefix -l ,$(LOCALES)) $(I18N_IGNORE) --ignore=templates \
		--add-location=file --no-obsolete -v 0

# The compiled catalogues (.mo, not committed) from the committed .po files.
translations: $(STAMP) $(MSGFMT)
	@$(PY) manage.py compilemessages $(I18N_IGNORE) -v 0

$(JAVA):
	@echo "Installing Debian's Java runtime for the HTML checker"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null

$(VNU): | $(JAVA)
	@echo "Installing the Nu HTML Checker $(VNU_VERSION) into $(TOOLS)"
	npm install --silent --prefix $(TOOLS) --no-save --no-audit --no-fund --no-package-lock vnu-jar@$(VNU_VERSION)
	@test -f $@

# The served static files (hashed names and their compressed copies, in staticfiles/), collected
# again only when a file of static/ or the locked packages changed. Collecting rewrites the
# files in place: done while a server sends them (a test's `make run` beside another test
# worker's browser server), a browser got a file cut short (ERR_CONTENT_LENGTH_MISMATCH).
STATIC_MANIFEST := staticfiles/staticfiles.json
# collectstatic also writes nginx's busy page in every language (templates/busy.html).
$(STATIC_MANIFEST): $(shell find static -type f) templates/busy.html \
		$(wildcard locale/*/LC_MESSAGES/django.po) pyproject.toml uv.lock | $(STAMP) translations
	$(PY) manage.py collectstatic --noinput -v 0
	@touch $@

setup: $(STAMP) translations $(STATIC_MANIFEST)
	$(PY) manage.py migrate --noinput -v 0

# The tasks worker (game-length estimates) runs beside the server; Ctrl-C stops both, and
# the worker is stopped too if the server ends by itself.
run: setup $(NGINX) $(NCHAN)
	@$(PY) manage.py db_worker --no-reload -v 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT; \
	$(PY) -m unosite.serve --host $(HOST) --port $(PORT) --threads $(THREADS)

# Django's runserver with DEBUG: this computer only, unless HOST is given.
dev: $(DEV_STAMP) translations
	$(PY) manage.py migrate --noinput -v 0
	DEBUG=true $(PY) manage.py runserver $(if $(filter command line,$(origin HOST)),$(HOST),127.0.0.1):$(PORT)

test: $(DEV_STAMP) $(CHROMIUM) $(NGINX) $(NCHAN) $(REDIS) $(VNU) $(JAVA) translations $(STATIC_MANIFEST)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(PY) manage.py makemigrations --check --dry-run -v 1
	scripts/two-runs $(PYTEST)

# The inner loop: every test that needs no browser, no gunicorn, no fuzzing and no Java,
# on both cores; prints its time. A new text may wait for its translation here (`make
# messages` leaves it empty); `make test` fails until it has one. tests/browser/ is not even imported (all of it is marked
# browser); the marker leaves out any other test that asks for the browser.
test-fast: $(DEV_STAMP) translations $(STATIC_MANIFEST)
	@start=$$EPOCHREALTIME; \
	$(PYTEST) -q -p no:cacheprovider -n 2 --dist worksteal --nomigrations --ignore=tests/browser \
		-m "not browser and not served and not fuzz and not vnu and not translated"; \
	s=$$?; awk "BEGIN { printf \"make test-fast: %.1f s\\n\", $$EPOCHREALTIME - $$start }"; \
	(exit $$s); $(NO_TESTS_OK)

# The code against the catalogue and the rule texts in ../shared/rules/ (beside the repository in CI).
test-contract: $(DEV_STAMP) translations
	$(PYTEST) -p no:cacheprovider tests/contract; $(NO_TESTS_OK)

# Every page through the W3C's Nu HTML Checker (and html5lib).
check-html: $(DEV_STAMP) $(VNU) $(JAVA) translations $(STATIC_MANIFEST)
	$(PYTEST) -p no:cacheprovider tests/test_html.py

# The whole suite, browser tests included, in the shape the README recommends for several
# workers: PostgreSQL and Redis together (throwaway servers, installed from Debian's packages
# when missing, stopped at the end); the served tests run two gunicorn workers sharing Redis.
test-production: $(DEV_STAMP) $(CHROMIUM) $(NGINX) $(NCHAN) $(REDIS) $(VNU) $(JAVA) translations $(STATIC_MANIFEST)
	scripts/with-postgres scripts/with-redis scripts/two-runs $(PYTEST)

test-postgres: $(DEV_STAMP) $(CHROMIUM) $(NGINX) $(NCHAN) $(REDIS) $(VNU) $(JAVA) translations $(STATIC_MANIFEST)
	scripts/with-postgres $(PYTEST) -p no:cacheprovider

screenshots: $(DEV_STAMP) $(CHROMIUM) translations
	$(PY) scripts/screenshots.py --out docs/screenshots

# The engine's rounds per second beside rlcard's UNO game (random legal moves), which is
# installed into a throwaway environment, never into the project's; writes bench/sim-results.json.
RLCARD_VENV ?= bench/.venv-rlcard
bench-sim: $(STAMP)
	@test -x $(RLCARD_VENV)/bin/python || { py=$$(scripts/find-python) || exit 1; \
		echo "Installing rlcard into the throwaway $(RLCARD_VENV)"; \
		"$$py" -m venv $(RLCARD_VENV) && $(RLCARD_VENV)/bin/python -m pip install -q rlcard; }
	$(PY) scripts/bench_sim.py --rlcard-python $(RLCARD_VENV)/bin/python

# The evening at the table of scripts/locustfile.py, a few tables of 3 to 6 phones for about a
# minute each, in make run's shape (waitress, SQLite) and in the production shape (gunicorn
# behind deploy/nginx.conf, PostgreSQL, Redis: throwaway servers); fails on any lost, doubled
# or invented round, any 5xx and any error.
loadtest: $(DEV_STAMP) $(NGINX) $(NCHAN) $(REDIS) translations $(STATIC_MANIFEST)
	$(PY) scripts/capacity.py --shape run --check
	scripts/with-postgres scripts/with-redis $(PY) scripts/capacity.py --shape production --check

# How many tables of 4 phones one box holds at a p99 of 200 ms with nothing lost, in both
# shapes (the same evening, stepped up until a step does not hold); writes bench/capacity.json.
capacity: $(DEV_STAMP) $(NGINX) $(NCHAN) $(REDIS) translations $(STATIC_MANIFEST)
	$(PY) scripts/capacity.py --shape run
	scripts/with-postgres scripts/with-redis $(PY) scripts/capacity.py --shape production

lint: $(DEV_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) $(TOOLS) staticfiles .pytest_cache .ruff_cache .mypy_cache
