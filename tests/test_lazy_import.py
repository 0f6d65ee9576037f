"""``import toolkit`` costs nothing: the heavy libraries load on first use.

Each check runs in a fresh interpreter, since this test process has long
since imported pandas and everything else.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import toolkit

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("pandas", "matplotlib", "ipywidgets", "yaml")


def _fresh(code: str) -> object:
    """Run ``code`` in a new interpreter; it prints one JSON value last."""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _loaded_after(imports: str) -> list[str]:
    code = f"import json, sys\n{imports}\nprint(json.dumps(sorted(m for m in {HEAVY!r} if m in sys.modules)))"
    loaded = _fresh(code)
    assert isinstance(loaded, list)
    return loaded


def _modules_under(folder: str) -> list[str]:
    names = []
    for path in sorted((ROOT / "toolkit" / folder).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_import_toolkit_and_the_engine_loads_no_heavy_library() -> None:
    assert _loaded_after("import toolkit; import toolkit.engine; import toolkit.duel_masters") == []


def test_no_engine_or_duel_masters_module_imports_pandas() -> None:
    modules = _modules_under("core") + _modules_under("ocg") + _modules_under("engine") + _modules_under("duel_masters")
    assert "toolkit.core.search" in modules and "toolkit.duel_masters.procedure" in modules
    imports = "\n".join(f"import {name}" for name in modules)
    assert [m for m in _loaded_after(imports) if m != "yaml"] == []


def test_the_wiki_parser_and_scenarios_load_their_library_only_when_used() -> None:
    assert _loaded_after("import toolkit.wiki, toolkit.ocg.scenario") == []
    assert "yaml" in _loaded_after("import toolkit; toolkit.seed_scenario('lyla_veiler_2011')")
    assert "pandas" in _loaded_after("import toolkit; toolkit.load_rulings()")


def test_the_check_sees_a_library_that_is_loaded() -> None:
    assert _loaded_after("import toolkit, pandas") == ["pandas"]


def test_every_public_name_resolves_in_a_fresh_interpreter() -> None:
    code = (
        "import json, toolkit\n"
        "missing = [n for n in toolkit.__all__ if getattr(toolkit, n, None) is None]\n"
        "print(json.dumps({'missing': missing, 'all': len(toolkit.__all__),"
        " 'dir': sorted(set(toolkit.__all__) - set(dir(toolkit)))}))"
    )
    report = _fresh(code)
    assert report == {"missing": [], "all": len(toolkit.__all__), "dir": []}
    assert len(toolkit.__all__) == len(set(toolkit.__all__)) > 40


def test_public_names_are_the_objects_of_their_modules() -> None:
    from toolkit.analysis.compare import compare
    from toolkit.data import load_rulings
    from toolkit.engine import explore

    assert toolkit.load_rulings is load_rulings and toolkit.explore is explore
    assert toolkit.compare is compare, "the submodule toolkit.compare hid the function of that name"


def test_the_compare_function_survives_a_later_import_of_its_module() -> None:
    code = (
        "import json, toolkit\n"
        "import warnings; warnings.simplefilter('ignore', DeprecationWarning)\n"
        "import toolkit.compare, toolkit.analysis.compare, toolkit.side_by_side\n"
        "from toolkit.analysis.compare import compare\n"
        "print(json.dumps([toolkit.compare is compare, callable(toolkit.compare)]))"
    )
    assert _fresh(code) == [True, True]


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        toolkit.no_such_thing  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as exc:
        assert "no_such_thing" in str(exc)
    else:
        raise AssertionError("toolkit.no_such_thing did not raise")


def test_version_is_a_string_the_cli_can_read() -> None:
    import toolkit.__main__ as cli
    from toolkit._version import __version__

    assert toolkit.__version__ == __version__ == sys.modules[cli.__name__.rpartition(".")[0]].__version__
    assert __version__.count(".") == 2 and all(part.isdigit() for part in __version__.split("."))


def test_a_moved_module_keeps_its_old_name_for_one_release_with_a_warning() -> None:
    """toolkit.charts (and every other module that moved in 0.3) is the module at
    its new home, with a DeprecationWarning naming it; the module keeps its own
    name and spec."""
    code = (
        "import json, warnings\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        "    import toolkit.charts as old\n"
        "    from toolkit.ruling_checks import run_check\n"
        "import toolkit.present.charts as new, toolkit.history.checks as checks\n"
        "print(json.dumps([old is new, run_check is checks.run_check, new.__spec__.name,\n"
        "                  [str(w.message).split(';')[0] for w in caught if w.category is DeprecationWarning]]))"
    )
    assert _fresh(code) == [True, True, "toolkit.present.charts",
                            ["toolkit.charts moved to toolkit.present.charts",
                             "toolkit.ruling_checks moved to toolkit.history.checks"]]


def test_importing_the_engine_for_the_ocg_does_not_load_the_other_game() -> None:
    code = "import sys, toolkit.engine; print('toolkit.duel_masters' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
