"""The generated parts of docs/results.md: every number in them is looked up in the committed scorecard.

docs/results.md explains; its lists of what does not reproduce are generated here from ``figures/scorecard.csv``
and ``figures/scorecard_counts.csv`` into blocks between ``<!-- generated: NAME -->`` and
``<!-- /generated: NAME -->``, so they cannot go stale: tests/test_results_doc.py regenerates them and compares.
The prose around them quotes numbers too; that test checks each against the claims files.

    python -m statmech_bayes.reporting.results_doc            # rewrite the blocks of docs/results.md
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import pandas as pd

from statmech_bayes.reporting.robustness import FINDING_SET_ASIDE
from statmech_bayes.reporting.scorecard import summary_rows

REPO = Path(__file__).resolve().parents[3]
BLOCK = re.compile(r"(<!-- generated: (?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- /generated: (?P=name) -->)", re.S)
TITLES = {"hartog_vanzanten": "Hartog & van Zanten", "kjit": "KJIT", "sollich_halees": "Sollich & Halees",
          "uda_kabashima": "Uda & Kabashima", "urry_sollich": "Urry & Sollich"}


def _s(x) -> str:
    return "" if x is None or (isinstance(x, float) and pd.isna(x)) else str(x)


def _short(text: str, n: int = 260) -> str:
    text = " ".join(_s(text).split()).replace("|", "\\|")
    return text if len(text) <= n else text[: n - 1].rsplit(" ", 1)[0] + " …"


def _where(r) -> str:
    paper, _, fig = r.figure.partition("/")
    name = fig.replace("fig", "Fig. ").replace("table", "Table ")
    return f"{TITLES.get(paper, paper)} {name}"


def _table(rows: pd.DataFrame, columns: list[tuple[str, callable]]) -> list[str]:
    if rows.empty:
        return ["(none)"]
    out = ["| " + " | ".join(c for c, _ in columns) + " |", "|" + "---|" * len(columns)]
    for r in rows.itertuples():
        out.append("| " + " | ".join(f(r) for _, f in columns) + " |")
    return out


def blocks(table: pd.DataFrame, counts: pd.DataFrame) -> dict[str, str]:
    """Each generated block's markdown, from the scorecard (its rows) and its counts."""
    kind = table.kind.fillna("")
    own = table[~kind.isin(["ours", "setup"])]
    finding = own.finding.fillna("").astype(str).str.len() > 0
    out = {"summary": "\n".join(summary_rows(counts))}
    out["findings"] = "\n".join(_table(own[(own.verdict == "fail") & finding], [
        ("where", _where), ("claim", lambda r: _short(r.claim, 140)), ("reproduced", lambda r: _short(r.reproduced, 80)),
        ("the paper's error (proof: tests/test_findings.py)", lambda r: f"{_short(r.finding, 300)} "
                                                                      f"(`{r.finding_test}`)")]))
    settled = (own["mechanism"] if "mechanism" in own else pd.Series("", index=own.index)).fillna("").astype(str) != ""
    out["settled"] = "\n".join(_table(own[(own.verdict == "fail") & ~finding & settled], [
        ("where", _where), ("claim", lambda r: _short(r.claim, 140)), ("reproduced", lambda r: _short(r.reproduced, 80)),
        ("cause (not the paper's error; workflow/config/mechanisms.yaml)", lambda r: f"{r.mechanism}: "
                                                                                  f"{_short(r.mechanism_why, 300)} "
                                                                                  f"(`{r.mechanism_test}`)")]))
    out["unexplained"] = "\n".join(_table(own[(own.verdict == "fail") & ~finding & ~settled], [
        ("where", _where), ("claim", lambda r: _short(r.claim, 140)), ("paper", lambda r: _short(r.paper_statement, 100)),
        ("reproduced", lambda r: _short(r.reproduced, 120)), ("tolerance", lambda r: _short(r.tolerance, 120))]))
    out["inconclusive"] = "\n".join(_table(own[own.verdict == "inconclusive"].sort_values("reason", kind="stable"), [
        ("where", _where), ("reason", lambda r: _s(r.reason)), ("claim", lambda r: _short(r.claim, 140)),
        ("reproduced", lambda r: _short(r.reproduced, 160)),
        ("would decide it", lambda r: _short(getattr(r, "remedy", ""), 160))]))
    revised = own[own.registered_tolerance.fillna("").astype(str).str.len() > 0]
    out["revised"] = "\n".join(_table(revised, [
        ("where", _where), ("claim", lambda r: _short(r.claim, 120)),
        ("registered reading -> value (verdict)", lambda r: f"{_short(r.registered_tolerance, 100)} -> "
                                                             f"{_short(r.registered_reproduced, 60)} "
                                                             f"({_s(r.registered_verdict)})"),
        ("revised in, why", lambda r: f"{_s(r.revision_commit)}: {_short(r.revision_reason, 160)}"),
        ("verdict now", lambda r: r.verdict + (f" ({r.reason})" if _s(r.reason) else ""))]))
    if "build_verdict" in table:
        moved = table[table.build_verdict.fillna(table.verdict) != table.verdict]
        out["robustness"] = "\n".join(_table(moved, [
            ("where", _where), ("claim", lambda r: _short(r.claim, 120)), ("main build", lambda r: r.build_verdict),
            ("scorecard", lambda r: r.verdict + (f" ({r.reason})" if _s(r.reason) else "")),
            ("why", lambda r: _short(_moved_by(_s(r.note)), 260))]))
    return out


def _moved_by(note: str) -> str:
    """What rules 4 and 5 said in a claim's note (robustness.apply appends it after the claim's own note, and a
    finding the move set aside after that)."""
    text = note.split("; " + FINDING_SET_ASIDE)[0]
    starts = [i for i in (text.find("seeds ("), text.find("turns on a choice")) if i >= 0]
    return text[min(starts):] if starts else text.rsplit("; ", 1)[-1]


def render(text: str, made: dict[str, str]) -> str:
    """``text`` with each generated block's body replaced (blocks the text does not have are not added)."""
    return BLOCK.sub(lambda m: m.group(1) + made.get(m.group("name"), m.group("body").rstrip("\n")) + "\n"
                     + m.group(4), text)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m statmech_bayes.reporting.results_doc", description=__doc__.split("\n")[0])
    ap.add_argument("--doc", default=str(REPO / "docs" / "results.md"))
    ap.add_argument("--figures", default=str(REPO / "figures"))
    a = ap.parse_args(argv)
    table = pd.read_csv(Path(a.figures) / "scorecard.csv", dtype=str, keep_default_na=False)
    counts = pd.read_csv(Path(a.figures) / "scorecard_counts.csv")
    doc = Path(a.doc)
    doc.write_text(render(doc.read_text(), blocks(table, counts)))
    print(f"rewrote the generated blocks of {doc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
