# `make test` installs everything the tests need on a fresh machine, then runs them.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: test unit lint bench bench-solver bench-postmortem clean e2e vendor site serve browser \
	bench-ui bench-startup bench-returntrace bench-soak \
	browsers browser-engines bench-firstvisit bench-inp bench-history bench-postmortem-page \
	difficulty-study

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,build]'
	touch $(STAMP)

lint: $(STAMP)
	$(PY) -m ruff check .

unit: $(STAMP)
	$(PY) -m pytest tests --ignore=tests/e2e --ignore=tests/browsers

test: lint unit e2e browsers

bench: $(STAMP)
	$(PY) benchmarks/engine.py

# Seeds 1-1000, 2 s each: how many the solver decides (won/lost/unknown), median and p95 time.
bench-solver: $(STAMP)
	$(PY) benchmarks/solver.py

# Every position along 200 random losing games at 50 ms each: decided %, median and p95 time;
# then each game's post-mortem.
bench-postmortem: $(STAMP)
	$(PY) benchmarks/postmortem.py
# Deals 1-10,000 rated and checked (docs/difficulty.md): the study file, then its charts and tables.
difficulty-study: $(STAMP)
	$(PY) -m plot rate-study --first 1 --count 10000 --jobs 2 --out docs/difficulty-tiers.txt
	$(PY) scripts/difficulty_charts.py docs/difficulty-tiers.txt

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis node_modules web/vendor _site

# ---- the browser game (issue 3) -------------------------------------------------------------
# npm ci installs the pinned runtime (pyodide, @pyscript/core) from package-lock.json;
# scripts/build.py copies only the files the page fetches into web/vendor/ and writes _site/.
# The build runs in the venv: it renders docs/how-to-play.md and docs/rules.md with markdown-it-py
# (the `build` extra).
NPM_STAMP := node_modules/.package-lock.json
CHROMIUM := /usr/bin/chromium
PORT ?= 8000

$(NPM_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || (apt-get update && apt-get install -y npm)
	npm ci --no-audit --no-fund
	touch $(NPM_STAMP)

vendor: $(STAMP) $(NPM_STAMP)
	$(PY) scripts/build.py vendor

site: $(STAMP) $(NPM_STAMP)
	$(PY) scripts/build.py site

serve: site
	@echo "The Plot is at http://localhost:$(PORT)/  (Ctrl+C stops the server)"
	$(PYTHON) -m http.server $(PORT) --bind 127.0.0.1 --directory _site

# Debian's Chromium for the end-to-end tests (Playwright cannot download browsers here);
# elsewhere, without apt-get, the tests fall back to Playwright's own browser.
browser:
	@test -x $(CHROMIUM) || ! command -v apt-get >/dev/null || \
		(apt-get update && apt-get install -y chromium)

e2e: $(STAMP) site browser
	$(PY) -m pytest tests/e2e

bench-ui: $(STAMP) site browser
	$(PY) benchmarks/ui.py

bench-startup: $(STAMP) site browser
	$(PY) benchmarks/startup.py

# Where a return's main thread goes, step by step (a Chrome trace of one real return).
bench-returntrace: $(STAMP) site browser
	$(PY) benchmarks/returntrace.py

# A new player's first visit at 10 and 40 Mbit/s against a bare Pyodide page, and their return.
bench-firstvisit: $(STAMP) site browser
	$(PY) benchmarks/firstvisit.py

# Interaction to next paint of real mouse clicks, against a trivial page.
bench-inp: $(STAMP) site browser
	$(PY) benchmarks/inp.py

# The page's post-mortem of 20 random losing games in Chromium, beside the same work in CPython.
bench-postmortem-page: $(STAMP) site browser
	$(PY) benchmarks/postmortem_page.py

# 100 complete games in one page: DOM nodes, listeners and JS heap after game 1 and game 100.
# Script time to open the history and its charts with 5,000 games; storage per 1,000 games.
bench-history: $(STAMP) site browser
	$(PY) benchmarks/history.py

bench-soak: $(STAMP) site browser
	$(PY) benchmarks/soak.py

# ---- the same scenarios in Chromium, Firefox and WebKit (tests/browsers) ---------------------
# Debian's Firefox ESR (driven by puppeteer-core from package-lock.json, over WebDriver BiDi) and
# WebKitGTK's MiniBrowser with WebKitWebDriver (driven by Selenium from .venv) in a virtual X
# display. Without apt-get (a developer's laptop) nothing is installed: pytest skips each engine
# that is missing and says why.
FIREFOX := /usr/bin/firefox-esr
WEBKIT_DRIVER := /usr/bin/WebKitWebDriver
XVFB_RUN := /usr/bin/xvfb-run
# The virtual screen holds the largest window the tests open (1366x850 plus MiniBrowser's bar).
XVFB_SCREEN := 1920x1080x24

browser-engines:
	@test -x $(FIREFOX) -a -x $(WEBKIT_DRIVER) -a -x $(XVFB_RUN) || ! command -v apt-get >/dev/null || \
		(apt-get update && apt-get install -y firefox-esr webkit2gtk-driver xvfb)

browsers: $(STAMP) site browser browser-engines
	@if test -x $(XVFB_RUN); then \
		echo "$(XVFB_RUN) -a -s '-screen 0 $(XVFB_SCREEN)' $(PY) -m pytest tests/browsers"; \
		$(XVFB_RUN) -a -s "-screen 0 $(XVFB_SCREEN)" $(PY) -m pytest tests/browsers; \
	else \
		echo "$(PY) -m pytest tests/browsers  (no xvfb-run: WebKit needs a display)"; \
		$(PY) -m pytest tests/browsers; \
	fi
