# Two commands on a fresh machine (Python 3.11 + pip):
#   make lab    JupyterLab on notebooks/ (token auth on; the URL is printed)
#   make test   the whole suite: pytest, doctests, every notebook under nbval
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8888
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test fuzz venv install-notebooks install-test bench typecheck clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

install-notebooks: $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[notebooks]'

install-test: $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[notebooks,test]'

lab: install-notebooks
	@echo "Starting JupyterLab on notebooks/ — open the http://127.0.0.1:$(PORT)/lab?token=... URL printed below."
	$(BIN)/jupyter lab --notebook-dir=notebooks --no-browser --ip=127.0.0.1 --port=$(PORT) $(ROOT_FLAG)

# Exports made while testing (notebook 05 writes an article) go to a folder of
# the checkout, not into the user's home; datasets/ is never written.
test: install-test
	ENDPHASE_USER_DIR=$(CURDIR)/test-output/user_data \
	$(BIN)/python -m pytest tests toolkit notebooks \
		--doctest-modules \
		--nbval --nbval-current-env --nbval-sanitize-with notebooks/sanitize.cfg

# Hostile input (tests/fuzz): every malformed-file case, and thousands of random
# files, through the command line; prints the tally per class. make test runs a
# fast subset of the same suite.
fuzz: install-test
	HYPOTHESIS_PROFILE=thorough $(BIN)/python -m pytest tests/fuzz -q -p no:cacheprovider

bench: install-test
	for f in benchmarks/*.py; do $(BIN)/python $$f || exit 1; done

typecheck: install-test
	$(BIN)/python -m mypy

clean:
	rm -rf $(VENV) build dist *.egg-info
