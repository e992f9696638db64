"""The scorecard: all claims of all figures in one table."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

COLUMNS = ["figure", "claim", "paper", "reproduced", "tolerance", "passed", "note", "git_commit"]


def gather(claim_files) -> pd.DataFrame:
    rows = []
    for f in sorted(map(str, claim_files)):
        doc = json.loads(Path(f).read_text())
        commit = doc.get("provenance", {}).get("git_commit", "")
        for c in doc["claims"]:
            rows.append({"figure": doc["figure"], **{k: c.get(k, "") for k in COLUMNS[1:-1]}, "git_commit": commit})
    return pd.DataFrame(rows, columns=COLUMNS)


def _fmt(v) -> str:
    if isinstance(v, float):
        return f"{v:.6g}"
    return str(v).replace("|", "\\|").replace("\n", " ")


def to_markdown(table: pd.DataFrame) -> str:
    n, k = len(table), int(table.passed.sum()) if len(table) else 0
    lines = [f"# Scorecard: {k}/{n} claims pass", "",
             "| figure | claim | paper | reproduced | tolerance | passed | note |", "|---|---|---|---|---|---|---|"]
    for r in table.itertuples():
        lines.append("| " + " | ".join(_fmt(x) for x in (r.figure, r.claim, r.paper, r.reproduced, r.tolerance,
                                                          "yes" if r.passed else "**NO**", r.note)) + " |")
    return "\n".join(lines) + "\n"
