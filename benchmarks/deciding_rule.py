"""What naming the deciding rule costs `endphase verify` (prints numbers; asserts nothing).

    python benchmarks/deciding_rule.py [--repeat 3] [--baseline REF]

Definitions:

* ``shipped``: ``python -m toolkit verify`` on the packaged rulings (text
  output, every modelled ruling);
* ``user ruling``: ``python -m toolkit verify --rulings FILE --only-mine``
  on notebook 08's Kuribandit ruling (its card in the user folder, its
  three-card scenario beside the rulings file), the trial's slow case;
* each number is the CPU seconds (user + system) of that fresh process, the
  min of ``--repeat`` runs; the process's own start (imports, reading the
  tables) is included, as a user waits for it too;
* ``now`` is this checkout; ``base`` the commit ``--baseline`` (default:
  none), checked out into a temporary folder and timed in the same run. The
  printed text of the two is compared byte for byte.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CARD = """\
- name: クリバンデット
  english: Kuribandit
  type: monster
  subtype: effect
  texts:
    - end_phase:
        - key: excavate 5
          mandatory: false
          chain_link: true
          when: [face_up_on_field, summoned_this_turn]
          cost: {send_to_gy: itself}
          do:
            - {add_to_hand: {first: {zones: [deck], monster: false}}}
            - {mill: 4}
"""

POSITION = """\
title: Kuribandit in A's End Phase
turn_player: A
players:
  A:
    field:
      - {name: クリバンデット, tags: [summoned_this_turn]}
    deck: [ハーピィ・レディ, 死者蘇生, ハーピィ・レディ三姉妹, 落とし穴, ハーピィ・クィーン, 強欲な壺, おろかな埋葬]
"""

RULING = """\
- ruling_id: user-240105-kuribandit-optional
  date: 2024-01-05
  cards: [クリバンデット]
  question_ja: エンドフェイズに《クリバンデット》の効果を発動しない事はできますか？
  answer_ja: はい、できます。
  source: https://example.org/my-kuribandit-notes
  scenario: kuribandit.yaml
  check: {not: {always: {event: activated, card: クリバンデット}}}
  expected: "yes"
"""


def _cpu(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.strip()[-400:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def _times(checkout: Path, folder: Path, repeat: int) -> dict[str, tuple[float, str]]:
    env = {**os.environ, "PYTHONPATH": str(checkout), "ENDPHASE_USER_DIR": str(folder / "user")}
    jobs = {
        "shipped": ([sys.executable, "-m", "toolkit", "verify"], checkout),
        "user ruling": ([sys.executable, "-m", "toolkit", "verify", "--rulings", "mine.yaml", "--only-mine"], folder),
    }
    out = {}
    for label, (command, cwd) in jobs.items():
        runs = [_cpu(command, cwd, env) for _ in range(repeat)]
        out[label] = (min(t for t, _ in runs), runs[0][1])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", metavar="REF", help="a commit to time beside this checkout")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="deciding-rule-") as tmp:
        folder = Path(tmp)
        (folder / "user" / "cards").mkdir(parents=True)
        (folder / "user" / "cards" / "kuribandit.yaml").write_text(CARD, encoding="utf-8")
        (folder / "kuribandit.yaml").write_text(POSITION, encoding="utf-8")
        (folder / "mine.yaml").write_text(RULING, encoding="utf-8")
        checkouts = {"now": ROOT}
        if args.baseline:
            base = folder / "base"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), args.baseline],
                           check=True, capture_output=True)
            checkouts["base"] = base
        try:
            results = {name: _times(path, folder, args.repeat) for name, path in checkouts.items()}
        finally:
            if args.baseline:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder / "base")],
                               check=False, capture_output=True)
    print(f"CPU seconds of `python -m toolkit verify ...`, min of {args.repeat} fresh processes")
    for label in results["now"]:
        row = "  ".join(f"{name} {times[label][0]:6.2f}" for name, times in results.items())
        same = ""
        if "base" in results:
            same = "  output identical" if results["base"][label][1] == results["now"][label][1] else "  OUTPUT DIFFERS"
        print(f"  {label:<12} {row}{same}")


if __name__ == "__main__":
    main()
