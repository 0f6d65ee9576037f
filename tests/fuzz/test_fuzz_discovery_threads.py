"""Game discovery in two threads at once, with a plug-in that imports ``toolkit.games`` (as a plug-in
using the shipped helpers would): thread A discovers the games (holding the discovery lock) and imports
the plug-in, which imports ``toolkit.games``; thread B is importing ``toolkit.games`` meanwhile, whose
body waits for discovery while holding the import lock of ``toolkit.games``.  A waits for B's import
lock, B for A's discovery lock: neither ever ended (review rt2; passing on the commit before the lock).
Plug-ins are now imported with no lock of ours held.  Under ``make fuzz`` only
(``HYPOTHESIS_PROFILE=thorough``): about 6 s when it hangs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit.core.game import ENTRY_POINT_GROUP

ROOT = Path(__file__).resolve().parents[2]

_PLUGIN = """
import builtins
import time

builtins.rt2_in_plugin.set()  # discovery has begun, in thread A
time.sleep(0.5)  # thread B is by now importing toolkit.games
import toolkit.games  # noqa: E402,F401 - a plug-in using the shipped helpers
from toolkit.ocg.game import GAME  # noqa: E402,F401
"""

_SCRIPT = """
import builtins
import threading

builtins.rt2_in_plugin = threading.Event()
from toolkit.core.game import discover_games

def discover():
    discover_games()

def import_games():
    builtins.rt2_in_plugin.wait(10)
    import toolkit.games  # noqa: F401

threads = [threading.Thread(target=f, daemon=True) for f in (discover, import_games)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join(5)
print("hung" if any(thread.is_alive() for thread in threads) else "both ended")
"""


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "thorough",
                    reason="a few seconds: the thorough profile (make fuzz)")

def test_discovery_and_an_import_of_the_games_in_two_threads_both_end(tmp_path: Path) -> None:
    site = tmp_path / "site"
    info = site / "helper_using_plugin-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: helper-using-plugin\nVersion: 0.1\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\naaa_helper = helper_using_game:GAME\n",
                                           encoding="utf-8")
    (site / "helper_using_game.py").write_text(_PLUGIN, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    done = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=60)
    assert done.stdout.strip() == "both ended", done.stderr[-2000:]
