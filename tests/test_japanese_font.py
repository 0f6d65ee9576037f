"""The notebooks extra draws Japanese card names: matplotlib-fontja ships a font
with the glyphs, so a chart labelled in Japanese renders without missing-glyph
warnings on a fresh pip install (no system font needed).

Runs in a fresh interpreter: importing matplotlib_fontja changes matplotlib's
default font for the whole process.
"""

from __future__ import annotations

import json
import subprocess
import sys

DRAW = """
import json, warnings
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
{setup}
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    fig, ax = plt.subplots()
    ax.set_title("ヒステリック・サイン / 煉獄刃 ヘルフエズ")
    fig.canvas.draw()
print(json.dumps([str(w.message) for w in caught if "missing from font" in str(w.message)]))
"""


def _missing_glyph_warnings(setup: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", DRAW.format(setup=setup)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(result, list)
    return result


def test_japanese_labels_render_with_matplotlib_fontja() -> None:
    assert _missing_glyph_warnings("import matplotlib_fontja") == []


def test_the_check_sees_missing_glyphs_in_a_font_without_them() -> None:
    missing = _missing_glyph_warnings("plt.rcParams['font.family'] = ['DejaVu Sans']")
    assert missing and any("Glyph" in message for message in missing)
