"""The rulings: ``verify`` (re-derive them with the engine), ``rulings``
(list them) and ``export`` (one card's ruling article as Markdown or wiki markup).
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.cli.options import (
    STDIN,
    ArgumentValueError,
    Commands,
    add_command,
    add_output_options,
    add_rulings_options,
    known_game,
    read_rulings,
)
from toolkit.cli.output import (
    counterfactual_words,
    emit_csv,
    emit_json,
    emit_table,
    records,
    step_data,
    steps_text,
)
from toolkit.core.words import count as counted
from toolkit.errors import printable
from toolkit.games import game_of

if TYPE_CHECKING:
    import pandas as pd

EXIT_OK = 0
EXIT_NO = 1


def register(commands: Commands, prog: str) -> None:
    sub = add_command(
        commands, prog, "verify",
        summary="Re-derive the rulings with the engine; exit 1 if one disagrees.",
        description="Run each ruling's machine-checkable answer under the rules of the ruling's date (or the "
                    "rule set it describes) and under today's rules. A current ruling must agree under both; "
                    "a superseded one under its own date and not today. Prints which rule decides each answer. "
                    "--rulings adds your own rulings (CSV or YAML files with the columns of the packaged "
                    "table; scenario paths relative to the file) to the packaged ones; a row of yours may "
                    "supersede a packaged ruling, never remove it. "
                    "Exit status 0 when every ruling is verified, 1 when one is not, 2 for a bad file.",
        examples=[("", "every ruling of the packaged table"),
                  ("--ruling ocg-160708-hysteric-sign-adjustment", "one ruling, with the line that shows its answer"),
                  ("--rulings my_rulings.yaml --only-mine", "only your own rulings"),
                  ("--rulings a.csv b.yaml --csv", "the packaged rulings and two files of yours, as CSV"),
                  ("--explain", "for each ruling that disagrees at its date: the rule changes that explain it "
                                "and when they must have happened")],
    )
    add_rulings_options(sub, only_mine="check only the rulings of the --rulings files")
    sub.add_argument("--ruling", metavar="ID", help="only this ruling (its ruling_id)")
    sub.add_argument("--explain", action="store_true",
                     help="search the rule changes the game models (each alone, pairs when none does) for those "
                          "under which each disagreeing ruling agrees; print them with the rulings they break or "
                          "also fix and the dates they fit (exit 1 when a ruling disagrees at its date)")
    add_output_options(sub)
    sub.set_defaults(run=run_verify)

    sub = add_command(
        commands, prog, "rulings",
        summary="List the dated rulings (optionally those naming a card).",
        description="List the rulings table: each ruling's id, date, verdict, status, what replaced it and "
                    "our summary. --card keeps the rulings naming a card (Japanese or English name, kana and "
                    "width folded; part of a name keeps every card whose name holds it); "
                    "--rulings adds your own rulings files to the packaged ones (a row of yours may supersede "
                    "a packaged ruling, which is then listed as superseded).",
        examples=[("--card ヒステリック・サイン", "every ruling about Hysteric Sign, oldest first"),
                  ("--card 'hysteric sign' --json", "the same by English name, as JSON"),
                  ("--card ひすてりっく", "part of a name, in hiragana: every card whose name holds it"),
                  ("--game duel_masters --csv", "the Duel Masters rulings, as CSV"),
                  ("--rulings my_rulings.yaml --only-mine", "only your own rulings")],
    )
    sub.add_argument("--card", help="Japanese or English card name, or part of one")
    sub.add_argument("--game", help="only the rulings of this game (ocg, duel_masters)")
    add_rulings_options(sub, only_mine="list only the rulings of the --rulings files")
    add_output_options(sub)
    sub.set_defaults(run=run_rulings)

    sub = add_command(
        commands, prog, "export",
        summary="Write one card's ruling article as Markdown and/or wiki FAQ markup.",
        description="Gather every ruling naming CARD with its history, check each one with the engine, run "
                    "the worked examples that cite them, and write the article: Markdown (CARD.md) and the "
                    "wiki's FAQ markup (CARD.wiki.txt). CARD may be a card of your own folder "
                    "($ENDPHASE_USER_DIR/cards/), --rulings adds your own rulings. Existing files are kept "
                    "unless --overwrite; the packaged datasets folder is never written.",
        examples=[("ヒステリック・サイン --out articles/", "both files into articles/"),
                  ("'Hysteric Sign' --format wiki --out -", "the wiki markup on standard output"),
                  ("'My Card' --rulings my_rulings.yaml", "a card of your own folder, with your rulings")],
    )
    sub.add_argument("card", metavar="CARD", help="Japanese or English card name")
    sub.add_argument("--format", choices=("md", "wiki"), action="append", dest="formats",
                     help="md or wiki (repeatable; default: both)")
    sub.add_argument("--out", metavar="DIR",
                     help="the folder to write into, - for standard output "
                          "(default: articles/ in $ENDPHASE_USER_DIR or ~/endphase-scenarios)")
    sub.add_argument("--overwrite", action="store_true", help="replace files that exist")
    add_rulings_options(sub, only_mine=None)
    add_output_options(sub, table=False)
    sub.set_defaults(run=run_export)


# --------------------------------------------------------------------------
# verify
# --------------------------------------------------------------------------

VERIFY_COLUMNS = ("ruling_id", "date", "status", "ruleset", "expected", "answer", "today_answer", "verified",
                  "decided_by", "deciding_changes", "not_modelled_reason")


def _known_ruling(table: pd.DataFrame, ruling_id: str) -> None:
    ids = [str(r) for r in table["ruling_id"]]
    if ruling_id in ids:
        return
    from toolkit.history import HistoryError

    near = difflib.get_close_matches(ruling_id, ids, n=3, cutoff=0.5)
    hint = f"; nearest: {', '.join(near)}" if near else ""
    raise HistoryError(f"no ruling {ruling_id!r} in the rulings table{hint}")


def _verify_one(args: argparse.Namespace, table: pd.DataFrame) -> int:
    from toolkit.history import run_ruling

    _known_ruling(table, args.ruling)
    row = table[table["ruling_id"] == args.ruling].iloc[0]
    run = run_ruling({str(k): v for k, v in row.to_dict().items()})
    status = str(row["status"])
    verified = run.verified
    data: dict[str, Any] = {
        "ruling_id": run.ruling_id, "status": status, "ruleset": run.rules.name, "expected": run.expected,
        "answer": run.own.answer, "today_answer": run.today.answer, "verified": verified,
        "decided_by": run.decided_by, "deciding_changes": list(run.deciding_changes),
    }
    if args.json:
        emit_json({**data, "line": [step_data(s) for s in run.line]})
    elif args.csv:
        emit_csv(list(data), [data])
    else:
        lines = [
            f"{run.ruling_id} ({status}), under {run.rules.name}",
            f"  expected {run.expected}; the engine answers {run.own.answer}; under today's rules {run.today.answer}",
            ("  under review (調整中): the engine's answer neither agrees nor disagrees" if verified is None else
             f"  {'verified' if verified else 'NOT verified'}"
             + ("" if status == "current" else " (a superseded ruling must hold at its date and not today)")),
            f"  decided by: {run.decided_by or '-'}",
        ]
        if run.deciding_changes:
            game = game_of(run.rules)
            lines.append(f"  would flip with: {'; '.join(counterfactual_words(c, game) for c in run.deciding_changes)}")
        elif verified is not None and not run.agrees:
            lines.append(_no_flip(run))
        if run.line:
            lines.append("  the line that shows it:")
            lines.extend(steps_text(run.line, indent="    "))
        print("\n".join(lines))
    return EXIT_NO if verified is False else EXIT_OK


def _no_flip(run: Any) -> str:
    return (f"  no single rule change makes the engine agree ({len(run.counterfactuals)} rule sets one change "
            "away tried)")


def _agreeing_change(table: pd.DataFrame, ruling_id: str) -> str:
    """For a failing ruling of the list: which rule changes would make the engine
    agree with it (the search ``verify --ruling ID`` does, only for the failing ones)."""
    from toolkit.history import run_ruling

    row = table[table["ruling_id"] == ruling_id].iloc[0]
    run = run_ruling({str(k): v for k, v in row.to_dict().items()})
    if run.agrees and run.today_agrees:  # it holds at its date; it fails by holding today too (a superseded ruling)
        return "       it holds at its date and still under today's rules: no modelled change since ends it"
    if run.agrees:  # a current ruling that holds at its date and not today
        return ("       it holds at its date, not under today's rules: a rule or a card text changed since "
                "(mark it superseded if a later ruling replaced it)")
    if not run.deciding_changes:
        return "     " + _no_flip(run)
    game = game_of(run.rules)
    changes = "; ".join(counterfactual_words(c, game) for c in run.deciding_changes)
    return f"       the engine would agree with: {changes}"


def _user_rulings(args: argparse.Namespace) -> pd.DataFrame:
    """The packaged rulings with the ``--rulings`` files' (only theirs with
    ``--only-mine``), their checks read."""
    from toolkit.data import load_rulings
    from toolkit.history import check_user_checks

    given = read_rulings(args.rulings, only_mine=args.only_mine, allow_outside=args.allow_outside)
    table = load_rulings() if given is None else given
    check_user_checks(table)
    return table


def run_verify(args: argparse.Namespace) -> int:
    from toolkit.history import verify_rulings

    table = _user_rulings(args)
    if args.explain:
        return _verify_explain(args, table)
    if args.ruling is not None:
        return _verify_one(args, table)
    progress = sys.stderr.isatty() and not (args.json or args.csv)
    rows = records(verify_rulings(table, progress=progress, flips=bool(args.json or args.csv)))  # text: no flips
    failing = [r for r in rows if r["verified"] is False]
    status = EXIT_NO if failing else EXIT_OK
    if emit_table([{c: r[c] for c in VERIFY_COLUMNS} for r in rows], args, VERIFY_COLUMNS):
        return status
    reviewing = 0
    for r in rows:
        if r["expected"] == "under_review":
            reviewing += 1
            print(f"rev  {r['ruling_id']}  {r['date'] or 'undated'}  {r['status']}  under {r['ruleset']}: "
                  f"under review (調整中), engine {r['answer']}, today {r['today_answer']}")
            continue
        if r["verified"] is None:
            print(f"{r['ruling_id']}  not modelled: {r['not_modelled_reason'] or '-'}")
            continue
        mark = "ok  " if r["verified"] else "FAIL"
        print(f"{mark} {r['ruling_id']}  {r['date'] or 'undated'}  {r['status']}  under {r['ruleset']}: "
              f"expected {r['expected']}, engine {r['answer']}, today {r['today_answer']}")
        if r["decided_by"]:
            print(f"       decided by {r['decided_by']}")
        if r["verified"] is False:
            print(_agreeing_change(table, str(r["ruling_id"])))
    checked = sum(1 for r in rows if r["verified"] is not None)
    review = f"; {reviewing} under review (調整中)" if reviewing else ""
    print(f"{counted(checked, 'ruling')} checked: {checked - len(failing)} verified, {len(failing)} not{review}; "
          f"{len(rows) - checked - reviewing} not modelled")
    return status


def _verify_explain(args: argparse.Namespace, table: pd.DataFrame) -> int:
    """``verify --explain``: which rule change explains each ruling that disagrees at its date."""
    from toolkit.history.explaining import EXPLAIN_COLUMNS, explain_disagreement

    if args.ruling is not None:
        _known_ruling(table, args.ruling)
    progress = sys.stderr.isatty() and not (args.json or args.csv)
    found = explain_disagreement(args.ruling if args.ruling is not None else table, table, progress=progress)
    if args.json:
        emit_json(found.data())
    elif args.csv:
        emit_csv(list(EXPLAIN_COLUMNS), records(found.table()))
    else:
        print(found.text())
    return EXIT_NO if found.disagreeing else EXIT_OK


# --------------------------------------------------------------------------
# rulings
# --------------------------------------------------------------------------

RULING_COLUMNS = ("ruling_id", "game", "date", "verdict", "status", "superseded_by", "cards", "summary_en")


def run_rulings(args: argparse.Namespace) -> int:
    from toolkit.data import cards_meant, load_rulings

    given = read_rulings(args.rulings, only_mine=args.only_mine, allow_outside=args.allow_outside)
    table = load_rulings() if given is None else given
    heading = ""
    if args.card is not None and not args.card.strip():
        raise ArgumentValueError("--card", "is empty; give a card's Japanese or English name")
    if args.card:
        # English, kana, width folded; partial text as in the rulings browser; the nearest names if unknown
        meant = cards_meant(args.card, rulings=table)
        heading = f"rulings naming {'、'.join(meant)}" if meant != [args.card] else ""
        wanted = set(meant)
        table = table[table["cards"].map(lambda names: bool(wanted.intersection(map(str, names)))).astype(bool)]
        table = table.sort_values(["date", "ruling_id"], na_position="last", kind="stable")
    if args.game is not None:
        known_game(args.game)
        table = table[table["game"] == args.game]
    full = records(table)
    rows = [{c: r[c] for c in RULING_COLUMNS} for r in full]
    if emit_table(rows, args, RULING_COLUMNS):
        return EXIT_OK
    if heading:
        print(heading)
    if not rows:
        print("no rulings")
        return EXIT_OK
    for r in full:
        later = f" -> {r['superseded_by']}" if r["superseded_by"] else ""
        verdict = r["verdict"] or r.get("expected") or "-"  # one's own ruling may leave verdict out: its check's answer
        # (a file's text as written, a control character escaped: an ESC a page held must not drive the terminal)
        print(printable(f"{r['ruling_id']}  {r['date'] or 'undated':<10}  {verdict:<11} {r['status']}{later}"))
        for line in _summary_lines(r):
            print(f"    {printable(line)}")
    return EXIT_OK


def _summary_lines(r: dict[str, Any]) -> list[str]:
    """The ruling's English summary; for one's own that has none, its question and answer as written."""
    if r["summary_en"]:
        return [str(r["summary_en"])]
    said = [f"{label}: {r[c]}" for label, c in (("Q", "question_ja"), ("A", "answer_ja")) if r.get(c)]
    return said or ["(no summary_en, question or answer)"]


# --------------------------------------------------------------------------
# export
# --------------------------------------------------------------------------


def run_export(args: argparse.Namespace) -> int:
    from toolkit.cli.card_files import own_cards
    from toolkit.data import cards_with
    from toolkit.export import (
        ExportError,
        article_markdown,
        article_wiki,
        build_article,
        default_user_folder,
        safe_stem,
        write_text_atomic,
    )

    if args.out is not None and not args.out.strip():  # (it wrote into the default folder, not named)
        raise ArgumentValueError("--out", "is empty; name the folder to write into, or - for standard output")
    formats = sorted(set(args.formats or ("md", "wiki")), key=("md", "wiki").index)
    if args.out == STDIN and len(formats) != 1:
        raise ExportError("--out - prints one article: choose --format md or --format wiki")
    rulings = read_rulings(args.rulings, allow_outside=args.allow_outside)
    own = own_cards(rulings)  # the cards of one's own folder and scenarios, which the cards table does not ship
    article = build_article(args.card, rulings=rulings, cards=cards_with(own) if own else None)
    render = {"md": article_markdown, "wiki": article_wiki}
    suffix = {"md": ".md", "wiki": ".wiki.txt"}
    if args.out == STDIN:
        text = render[formats[0]](article)
        if args.json:
            emit_json({"card": article.card, "format": formats[0], "text": text})
        else:
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return EXIT_OK
    folder = Path(args.out).expanduser() if args.out else default_user_folder() / "articles"
    if folder.exists() and not folder.is_dir():
        raise ExportError(f"{folder}: is not a folder; --out names the folder the article is written into "
                          "(- for standard output)")
    stem = safe_stem(article.card + (f" {article.card_en}" if article.card_en else ""))
    targets = {f: folder / f"{stem}{suffix[f]}" for f in formats}
    if not args.overwrite:
        for path in targets.values():
            if os.path.lexists(path):  # a link there too, even one pointing nowhere: never written through
                raise ExportError(f"{path}: file exists; add --overwrite to replace it")
    _not_into_datasets(folder)
    texts = {f: render[f](article) for f in formats}  # both rendered before anything is written
    folder.mkdir(parents=True, exist_ok=True)
    written = {f: str(write_text_atomic(targets[f], texts[f], overwrite=args.overwrite)) for f in formats}
    if args.json:
        emit_json({"card": article.card, "files": written})
    else:
        for f in formats:
            print(f"wrote {written[f]}")
    return EXIT_OK


def _not_into_datasets(folder: Path) -> None:
    """Refuse the packaged datasets folder before creating anything in it."""
    from toolkit.export import ExportError
    from toolkit.resources import dataset_root

    datasets = Path(str(dataset_root())).resolve()
    resolved = folder.resolve()
    if resolved == datasets or datasets in resolved.parents:
        raise ExportError(f"{resolved}: refusing to write into the packaged datasets folder")
