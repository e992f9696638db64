"""The scorecard: every claim of every figure in one table, and four counts per paper.

Per paper: *reproduced* (verdict ``pass``), *findings* (``fail`` explained as the paper's own error),
*inconclusive* (the data cannot decide) and *unexplained* failures (``fail`` without a finding).
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

COLUMNS = ["paper", "figure", "claim", "paper_statement", "reproduced", "tolerance", "verdict", "finding", "note",
           "git_commit"]
COUNTS = ("reproduced", "findings", "inconclusive", "unexplained")


def gather(claim_files) -> pd.DataFrame:
    """One row per claim, in the order of ``claim_files`` (the registry's order)."""
    rows = []
    for f in map(str, claim_files):
        doc = json.loads(Path(f).read_text())
        commit = doc.get("provenance", {}).get("git_commit", "")
        paper = doc["figure"].split("/")[0]
        for c in doc["claims"]:
            rows.append({"paper": paper, "figure": doc["figure"], "claim": c["claim"], "paper_statement": c["paper"],
                         "reproduced": c["reproduced"], "tolerance": c["tolerance"], "verdict": c["verdict"],
                         "finding": c.get("finding", ""), "note": c.get("note", ""), "git_commit": commit})
    return pd.DataFrame(rows, columns=COLUMNS)


def counts(table: pd.DataFrame) -> pd.DataFrame:
    """The four counts per paper (rows in first-appearance order) and the number of claims."""
    fail = table.verdict == "fail"
    explained = table.finding.fillna("").astype(str).str.len() > 0
    flags = pd.DataFrame({"paper": table.paper, "reproduced": table.verdict == "pass",
                          "findings": fail & explained, "inconclusive": table.verdict == "inconclusive",
                          "unexplained": fail & ~explained})
    out = flags.groupby("paper", sort=False)[list(COUNTS)].sum().astype(int)
    out["claims"] = out.sum(axis=1)
    return out.reset_index()


def _fmt(v) -> str:
    if isinstance(v, float):
        return f"{v:.6g}"
    return str(v).replace("|", "\\|").replace("\n", " ")


_MARK = {"pass": "pass", "fail": "**FAIL**", "inconclusive": "*inconclusive*"}


def to_markdown(table: pd.DataFrame, titles: dict[str, str] | None = None) -> str:
    titles = titles or {}
    c = counts(table)
    lines = ["# Scorecard", "",
             "Every claim a paper makes about its figures, reproduced and judged. *Findings* are failures "
             "explained as the paper's own error; *inconclusive* claims are those the data cannot decide; "
             "neither counts as reproduced.", "",
             "| paper | claims | reproduced | findings | inconclusive | unexplained failures |",
             "|---|---|---|---|---|---|"]
    for r in c.itertuples():
        lines.append(f"| {titles.get(r.paper, r.paper)} | {r.claims} | {r.reproduced} | {r.findings} | "
                     f"{r.inconclusive} | {r.unexplained} |")
    lines += ["", "| figure | claim | paper | reproduced | tolerance | verdict | finding / note |",
              "|---|---|---|---|---|---|---|"]
    for r in table.itertuples():
        why = " ".join(x for x in (f"finding: {r.finding}" if r.finding else "", r.note) if x)
        lines.append("| " + " | ".join(_fmt(x) for x in (r.figure, r.claim, r.paper_statement, r.reproduced,
                                                          r.tolerance, _MARK[r.verdict], why)) + " |")
    return "\n".join(lines) + "\n"
