# House Rules: `make run` serves the app, `make test` runs every test.
SHELL := /bin/bash
HOST ?= 127.0.0.1
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
CHROMIUM := /usr/bin/chromium
NGINX := /usr/sbin/nginx
# make run's server (waitress, see unosite/serve.py) answers with this many threads.
THREADS ?= 8

.PHONY: run dev test test-contract test-python test-postgres screenshots bench bench-sim loadtest lint setup clean

$(PY):
	@py=$$(scripts/find-python) || exit 1; \
	echo "Creating $(VENV) with $$py"; \
	"$$py" -m venv $(VENV) && $(PY) -m pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -q -e .
	touch $@

$(DEV_STAMP): pyproject.toml $(STAMP)
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

$(CHROMIUM):
	@echo "Installing Debian's chromium for the browser tests"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null

# The tests run deploy/nginx.conf in front of gunicorn.
$(NGINX):
	@echo "Installing Debian's nginx for the tests of deploy/nginx.conf"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null

setup: $(STAMP)
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py collectstatic --noinput -v 0

run: setup
	@echo "Serving House Rules at http://$(HOST):$(PORT)/"
	$(if $(filter 0.0.0.0 ::,$(HOST)),ALLOWED_HOSTS="$${ALLOWED_HOSTS:-*}") $(PY) -m unosite.serve --host $(HOST) --port $(PORT) --threads $(THREADS)

dev: $(DEV_STAMP)
	$(PY) manage.py migrate --noinput -v 0
	DEBUG=true $(PY) manage.py runserver $(HOST):$(PORT)

test: $(DEV_STAMP) $(CHROMIUM) $(NGINX)
	$(PY) manage.py collectstatic --noinput -v 0
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) manage.py makemigrations --check --dry-run -v 1
	DJANGO_ALLOW_ASYNC_UNSAFE=true $(VENV)/bin/pytest

# The code against the catalogue and the rule texts in ../shared/rules/ (beside the repository in CI).
test-contract: $(DEV_STAMP)
	$(VENV)/bin/pytest -p no:cacheprovider tests/contract

test-postgres: $(DEV_STAMP) $(NGINX)
	$(PY) manage.py collectstatic --noinput -v 0
	scripts/with-postgres $(VENV)/bin/pytest -p no:cacheprovider

screenshots: $(DEV_STAMP) $(CHROMIUM)
	$(PY) scripts/screenshots.py --out docs/screenshots

bench: $(STAMP)
	@command -v wrk >/dev/null || { echo "Installing wrk from Debian's packages"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) scripts/bench.py

# The engine's rounds per second beside rlcard's UNO game (random legal moves), which is
# installed into a throwaway environment, never into the project's; writes bench/sim-results.json.
RLCARD_VENV ?= bench/.venv-rlcard
bench-sim: $(STAMP)
	@test -x $(RLCARD_VENV)/bin/python || { py=$$(scripts/find-python) || exit 1; \
		echo "Installing rlcard into the throwaway $(RLCARD_VENV)"; \
		"$$py" -m venv $(RLCARD_VENV) && $(RLCARD_VENV)/bin/python -m pip install -q rlcard; }
	$(PY) scripts/bench_sim.py --rlcard-python $(RLCARD_VENV)/bin/python

# 50 tables at once against gunicorn on a file SQLite database, about a minute; fails on
# any 5xx, lost or duplicated round.
loadtest: $(DEV_STAMP)
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) scripts/loadtest.py

lint: $(DEV_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
