# Two commands on a fresh machine (Python 3.11 + pip; `make test` also needs npm, which fetches the
# docs site's widget and chart scripts from the npm registry: .ci/run installs it when missing):
#   make lab    JupyterLab on notebooks/ (token auth on; the URL is printed)
#   make test   the whole suite: pytest, doctests, every notebook under nbval, the docs build
# and a few more:
#   make app         the scenario builder as a web app (Voila)
#   make docs        the documentation site into docs/_build/html
#   make test-floor  the data tests on the lowest declared version of every base dependency
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8888
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
# Everything `make test` runs: notebooks, the browser tests, the benchmarks'
# python-chess, the docs build, Parquet export, the test tools.
TEST_EXTRAS := notebooks,browser,bench,docs,parquet,test
FLOOR_VENV  ?= .venv-floor
FLOOR_TESTS ?= tests/test_data.py

.PHONY: lab app docs test test-floor venv install-notebooks install-test bench bench-all typecheck lint clean compiled

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

install-notebooks: $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[notebooks]'

install-test: $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[$(TEST_EXTRAS)]'

lab: install-notebooks
	@echo "Starting JupyterLab on notebooks/ — open the http://127.0.0.1:$(PORT)/lab?token=... URL printed below."
	$(BIN)/jupyter lab --notebook-dir=notebooks --no-browser --ip=127.0.0.1 --port=$(PORT) $(ROOT_FLAG)

# The scenario builder alone: notebooks/app/scenario_builder.ipynb is only a
# title, one line of help and the builder (notebook 02 is its tutorial). The
# template (share/jupyter/voila/templates/endphase) is Voilà's without its CDN links.
app: install-notebooks
	JUPYTER_PATH=$(CURDIR)/share/jupyter $(BIN)/voila notebooks/app/scenario_builder.ipynb --template=endphase \
		--no-browser --port=$(PORT) --Voila.ip=127.0.0.1

# The site is built from the notebooks' committed outputs (nothing is executed).
docs: install-test
	$(BIN)/python -m sphinx -b html -W --keep-going -q docs docs/_build/html
	@echo "Open docs/_build/html/index.html"

# Exports made while testing (notebook 05 writes an article) go to a folder of
# the checkout, not into the user's home; datasets/ is never written.
# Two workers (pytest-xdist); --dist loadfile keeps each notebook's cells, and
# each test file, on one worker in order; conftest.py hands the files out
# longest first and keeps the files that re-derive every ruling together.
TEST_WORKERS ?= 2
test: install-test
	ENDPHASE_USER_DIR=$(CURDIR)/test-output/user_data \
	$(BIN)/python -m pytest tests toolkit notebooks \
		-n $(TEST_WORKERS) --dist loadfile \
		--doctest-modules \
		--nbval --nbval-current-env --nbval-sanitize-with notebooks/sanitize.cfg

# A fresh venv with each base dependency at its declared minimum
# (scripts/floor_requirements.py reads them from pyproject.toml); not part of
# `make test` (it installs old pandas/numpy, a few minutes).
test-floor:
	rm -rf $(FLOOR_VENV)
	$(PYTHON) -m venv $(FLOOR_VENV)
	$(FLOOR_VENV)/bin/python -m pip install -q --upgrade pip
	$(FLOOR_VENV)/bin/python -m pip install -q $$($(PYTHON) scripts/floor_requirements.py) pytest hypothesis
	$(FLOOR_VENV)/bin/python -m pip install -q --no-deps .
	$(FLOOR_VENV)/bin/python -m pip list 2>/dev/null | grep -iE '^(pandas|numpy|pyyaml|tqdm) '
	$(FLOOR_VENV)/bin/python -m pytest -p no:cacheprovider -q $(FLOOR_TESTS)
# Hostile input (tests/fuzz): every malformed-file case, and thousands of random
# files, through the command line; prints the tally per class. User card files,
# rulings files (CSV, YAML), FAQ text and exports run in a sandbox whose sentinel
# files outside the user's folder must stay unread and unchanged; their tally is
# printed per surface. make test runs a fast subset of the same suite. With a compiled build (make
# compiled) it also checks that build finds what the pure package finds (tests/fuzz/test_compiled_build.py).
fuzz: install-test
	HYPOTHESIS_PROFILE=thorough $(BIN)/python -m pytest tests/fuzz -q -p no:cacheprovider

# The engine at scale, ending with one table of the targets (~10 min; --quick: ~2 min), then
# issue 34's families (a)-(e) beside python-chess, the import cost and cold verify_rulings, ending with
# one table of every target of issue 34, met or NOT met (benchmarks/families.py, a few minutes; with a
# compiled build, make compiled, its legal actions + transition too, beside the pure package's).
bench: install-test
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/families.py

# Every benchmark script (history, Duel Masters, import cost too; the _helpers are imported, not run).
bench-all: install-test
	for f in benchmarks/[!_]*.py; do $(BIN)/python $$f || exit 1; done

# The optional compiled engine (not part of make test): the hot path of a step compiled with mypyc
# into build/compiled/ (a full copy of toolkit/; needs gcc and the Python headers). The pure package
# stays the default: PYTHONPATH=build/compiled opts in (scripts/build_compiled.py says more).
compiled: install-test
	$(BIN)/python scripts/build_compiled.py

typecheck: install-test
	$(BIN)/python -m mypy

# The lint gate alone (make test runs it too: tests/test_lint.py); `ruff check --fix` fixes most.
lint: install-test
	$(BIN)/python -m ruff check

clean:
	rm -rf $(VENV) $(FLOOR_VENV) build dist *.egg-info docs/_build
