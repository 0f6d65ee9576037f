"""What ``explore`` does not need is not imported with the engine, and still works when first used;
the data and history packages import a module when one of its names is first asked for.

``import toolkit.engine`` leaves out the predicate reader (``evaluate`` and ``can_force`` import it),
the standard modules only an error message, an HTML view, a card's digest or the datasets' folder
use (``difflib``, ``html``, ``hashlib``/``json``, ``importlib.resources``) and ``importlib.abc``
(which ``import toolkit`` took for its finder of moved modules). Each check runs in a fresh
interpreter: this test process has long since imported all of them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFERRED = ("toolkit.core.predicates", "difflib", "html", "hashlib", "json", "pkgutil", "importlib.abc",
            "importlib.resources", "tempfile")
"""Modules ``import toolkit; import toolkit.engine`` leaves unimported (json: as a module of the
toolkit's would import it; the check itself imports json only after looking)."""


def _fresh(code: str) -> object:
    """Run ``code`` in a new interpreter; it prints one JSON value last."""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_the_engine_leaves_out_what_explore_does_not_need() -> None:
    code = (f"import sys\nimport toolkit, toolkit.engine\nloaded = sorted(m for m in {DEFERRED!r} if m in sys.modules)\n"
            "import json\nprint(json.dumps(loaded))")
    assert _fresh(code) == []


def test_explore_runs_without_the_predicate_reader() -> None:
    code = ("import sys, json, toolkit.engine as engine\n"
            "found = engine.explore(engine.seed_scenario('lyla_veiler_2011'))\n"
            "print(json.dumps([len(found.outcomes) > 0, 'toolkit.core.predicates' in sys.modules]))")
    assert _fresh(code) == [True, False]


def test_the_predicate_readers_import_when_first_asked_for() -> None:
    code = ("import json\nfrom toolkit.engine import parse_predicate, parse_query\n"
            "import toolkit.engine as engine, toolkit.core.predicates as p\n"
            "q = parse_query({'possible': {'event': 'milled'}})\n"
            "print(json.dumps([parse_predicate is p.parse_predicate, engine.parse_query is p.parse_query,"
            " q.quantifier, 'parse_query' in engine.__all__]))")
    assert _fresh(code) == [True, True, "possible", True]


def test_evaluate_and_can_force_read_a_mapping_first_thing_in_a_new_process() -> None:
    code = ("import json, toolkit.engine as engine\n"
            "lyla = engine.seed_scenario('lyla_veiler_2011')\n"
            "forced = engine.can_force(lyla, 'TP', {'event': 'milled'})\n"
            "print(json.dumps([engine.evaluate(lyla, {'possible': {'event': 'milled'}}).value,"
            " isinstance(forced.value, bool), '</div>' in forced._repr_html_()]))")
    assert _fresh(code) == [True, True, True]


def test_what_only_a_message_a_view_or_a_digest_uses_imports_when_used() -> None:
    code = (
        "import json, toolkit.engine as engine\n"
        "from toolkit.errors import ToolkitError\n"
        "try:\n    engine.get_ruleset('ocg-201')\nexcept ToolkitError as exc:\n    hint = str(exc)\n"
        "from toolkit.core.rules import rule_ref_html\n"
        "from toolkit.ocg.cards import shipped_catalogue\n"
        "from toolkit.ocg.cards.catalogue import fingerprint\n"
        "from toolkit.resources import dataset_path\n"
        "cards = shipped_catalogue()\n"
        "written = next(c for c in (cards.behaviour(n) for n in sorted(cards.names())) if c.written is not None)\n"
        "print(json.dumps(['did you mean' in hint, '&lt;' in rule_ref_html('<R7>', 'ocg'),"
        " len(fingerprint(written)), dataset_path('rulings.csv').name]))"
    )
    assert _fresh(code) == [True, True, 32, "rulings.csv"]


PACKAGES = ("toolkit.data", "toolkit.history")


def test_the_data_and_history_packages_import_a_module_when_one_of_its_names_is_asked_for() -> None:
    """``verify_rulings`` needs the table readers and the modules that run a ruling, not the wiki page
    importers, the exports or the questions and sweeps of the history."""
    code = ("import sys, json\nimport toolkit\nfrom toolkit.data import load_rulings\n"
            "from toolkit.history import verify_rulings\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('toolkit.data.', 'toolkit.history.')))))")
    loaded = _fresh(code)
    assert isinstance(loaded, list) and "toolkit.data.reading" in loaded and "toolkit.history.verification" in loaded
    for unused in ("toolkit.data.page_import", "toolkit.data.downloads", "toolkit.data.faq", "toolkit.data.queries",
                   "toolkit.history.asking", "toolkit.history.explaining", "toolkit.history.sweeps"):
        assert unused not in loaded


def test_every_name_of_the_data_and_history_packages_resolves_in_a_fresh_interpreter() -> None:
    code = (
        "import importlib, json\n"
        f"report = {{}}\nfor package in {PACKAGES!r}:\n"
        "    module = importlib.import_module(package)\n"
        "    homes = module._LAZY\n"
        "    report[package] = {  # dir() first: before any name is asked for\n"
        "        'undir': sorted(set(module.__all__) - set(dir(module))),\n"
        "        'unhomed': sorted(set(module.__all__) - set(homes)),\n"
        "        'wrong': sorted(n for n, home in homes.items()\n"
        "                        if getattr(module, n) is not getattr(importlib.import_module(home), n)),\n"
        "        'names': len(homes)}\n"
        "try:\n    module.no_such_name\nexcept AttributeError as exc:\n    report['error'] = str(exc)\n"
        "print(json.dumps(report))"
    )
    report = _fresh(code)
    assert isinstance(report, dict)
    assert report.pop("error") == "module 'toolkit.history' has no attribute 'no_such_name'"
    for package in PACKAGES:
        assert report[package]["unhomed"] == report[package]["wrong"] == report[package]["undir"] == []
        assert report[package]["names"] >= 20


def test_a_name_of_the_packages_is_importable_first_thing_and_is_the_toolkits() -> None:
    code = ("import json, toolkit\nfrom toolkit.history import HistoryError, run_ruling\n"
            "from toolkit.data import RULINGS_SCHEMA, load_rulings\n"
            "print(json.dumps([toolkit.run_ruling is run_ruling, toolkit.load_rulings is load_rulings,"
            " issubclass(HistoryError, toolkit.ToolkitError), 'ruling_id' in RULINGS_SCHEMA.names]))")
    assert _fresh(code) == [True, True, True, True]


def test_ready_to_explore_finds_the_datasets_without_importlib_resources() -> None:
    """A package on disk is its own folder: ``importlib.resources`` (with ``zipfile``, ``tempfile`` and
    ``shutil``) is asked only for a package inside a zip file. The folder found is the one it gives."""
    code = ("import sys, json\nimport toolkit.engine\nfrom toolkit.ocg.cards import default_catalogue\n"
            "cards = default_catalogue()\n"
            "loaded = sorted(m for m in ('importlib.resources', 'zipfile', 'tempfile') if m in sys.modules)\n"
            "from importlib.resources import files\nfrom pathlib import Path\nfrom toolkit.resources import dataset_root\n"
            "packaged = files('toolkit').joinpath('_datasets')\n"
            "expected = packaged if packaged.is_dir() else Path(toolkit.__file__).resolve().parent.parent / 'datasets'\n"
            "print(json.dumps([loaded, str(dataset_root()) == str(expected), len(cards.names()) > 50]))")
    assert _fresh(code) == [[], True, True]
