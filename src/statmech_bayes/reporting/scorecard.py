"""The scorecard: every claim of every figure in one table, and its counts per paper.

Per paper, over the paper's own claims: *reproduced* (verdict ``pass``), *findings* (``fail`` proven to be
the paper's own error by a test of ``tests/test_findings.py``), *inconclusive (noise)*, *inconclusive
(wording)* and *unexplained* failures (``fail`` without a finding). Comparisons the paper does not make
(kind ``ours``) are counted and listed apart. A finding whose test does not exist stops the scorecard
(:func:`check_findings`).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pandas as pd

COLUMNS = ["paper", "figure", "claim", "kind", "paper_statement", "reproduced", "tolerance", "verdict", "reason",
           "finding", "finding_test", "note", "git_commit"]
COUNTS = ("reproduced", "findings", "inconclusive_noise", "inconclusive_wording", "unexplained")
OURS_COUNTS = ("ours_pass", "ours_fail", "ours_inconclusive")


def gather(claim_files) -> pd.DataFrame:
    """One row per claim, in the order of ``claim_files`` (the registry's order)."""
    rows = []
    for f in map(str, claim_files):
        doc = json.loads(Path(f).read_text())
        commit = doc.get("provenance", {}).get("git_commit", "")
        paper = doc["figure"].split("/")[0]
        for c in doc["claims"]:
            rows.append({"paper": paper, "figure": doc["figure"], "claim": c["claim"], "kind": c.get("kind", "value"),
                         "paper_statement": c["paper"], "reproduced": c["reproduced"], "tolerance": c["tolerance"],
                         "verdict": c["verdict"], "reason": c.get("reason", ""), "finding": c.get("finding", ""),
                         "finding_test": c.get("finding_test", ""), "note": c.get("note", ""), "git_commit": commit})
    return pd.DataFrame(rows, columns=COLUMNS)


def findings_tests(path) -> set[str]:
    """The names of the test functions defined at the top level of ``tests/test_findings.py``."""
    tree = ast.parse(Path(path).read_text())
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}


def check_findings(table: pd.DataFrame, tests_path) -> None:
    """Rule 3: every finding names a test of ``tests_path`` that exists; else stop with the claims at fault."""
    tests = findings_tests(tests_path)
    found = table[_text(table.finding).str.len() > 0]
    bad = found[~_text(found.finding_test).isin(tests)]
    if len(bad):
        lines = [f"  {r.figure}: {r.claim!r} names {r.finding_test or 'no test'!r}" for r in bad.itertuples()]
        raise ValueError(f"{len(bad)} finding(s) name no test of {tests_path} (a finding must be proven by an "
                         "independent test):\n" + "\n".join(lines))


def _text(s: pd.Series) -> pd.Series:
    return s.fillna("").astype(str)


def counts(table: pd.DataFrame, papers=None) -> pd.DataFrame:
    """Per paper (rows in first-appearance order, or in the order of ``papers``, where a paper whose figures
    make no claim, e.g. a schematic, gets a row of zeros): the counts of its own claims, their number, and the
    counts of our own checks (kind ``ours``)."""
    ours = table.kind == "ours"
    fail = table.verdict == "fail"
    explained = _text(table.finding).str.len() > 0
    reason = _text(table.reason)
    flags = pd.DataFrame({
        "paper": table.paper,
        "reproduced": ~ours & (table.verdict == "pass"),
        "findings": ~ours & fail & explained,
        "inconclusive_noise": ~ours & (table.verdict == "inconclusive") & (reason == "noise"),
        "inconclusive_wording": ~ours & (table.verdict == "inconclusive") & (reason == "wording"),
        "unexplained": ~ours & fail & ~explained,
        "ours_pass": ours & (table.verdict == "pass"),
        "ours_fail": ours & fail,
        "ours_inconclusive": ours & (table.verdict == "inconclusive"),
    })
    out = flags.groupby("paper", sort=False)[list(COUNTS + OURS_COUNTS)].sum().astype(int)
    if papers is not None:
        out = out.reindex(list(papers), fill_value=0)
    out.insert(0, "claims", out[list(COUNTS)].sum(axis=1))
    out["ours"] = out[list(OURS_COUNTS)].sum(axis=1)
    return out.reset_index()


def _fmt(v) -> str:
    if isinstance(v, float):
        return f"{v:.6g}"
    return str(v).replace("|", "\\|").replace("\n", " ")


_MARK = {"pass": "pass", "fail": "**FAIL**", "inconclusive": "*inconclusive*"}


def _rows(table: pd.DataFrame) -> list[str]:
    lines = ["| figure | claim | kind | paper | reproduced | tolerance | verdict | finding / note |",
             "|---|---|---|---|---|---|---|---|"]
    for r in table.itertuples():
        verdict = _MARK[r.verdict] + (f" ({r.reason})" if isinstance(r.reason, str) and r.reason else "")
        finding = f"finding (proof: tests/test_findings.py::{r.finding_test}): {r.finding}" if r.finding else ""
        why = " ".join(x for x in (finding, r.note if isinstance(r.note, str) else "") if x)
        lines.append("| " + " | ".join([_fmt(x) for x in (r.figure, r.claim, r.kind, r.paper_statement,
                                                            r.reproduced, r.tolerance)]
                                       + [verdict, _fmt(why)]) + " |")
    return lines


def to_markdown(table: pd.DataFrame, titles: dict[str, str] | None = None) -> str:
    titles = titles or {}
    c = counts(table, list(titles) or None)
    lines = ["# Scorecard", "",
             "Every claim a paper makes about its figures, reproduced and judged on the paper's own protocol. "
             "*Findings* are failures proven to be the paper's own error, each by an independent test of "
             "`tests/test_findings.py`; *inconclusive* claims are those the data (noise) or the paper's wording "
             "(readings that disagree) cannot decide; none of these counts as reproduced. Comparisons the paper "
             "does not make are our own checks, listed apart and never counted as the paper's.", "",
             "| paper | claims | reproduced | findings | inconclusive (noise) | inconclusive (wording) | "
             "unexplained failures | our own checks (pass / fail / inconclusive) |",
             "|---|---|---|---|---|---|---|---|"]
    for r in c.itertuples():
        lines.append(f"| {titles.get(r.paper, r.paper)} | {r.claims} | {r.reproduced} | {r.findings} | "
                     f"{r.inconclusive_noise} | {r.inconclusive_wording} | {r.unexplained} | "
                     f"{r.ours_pass} / {r.ours_fail} / {r.ours_inconclusive} |")
    ours = table.kind == "ours"
    lines += ["", "## The papers' claims", ""] + _rows(table[~ours])
    lines += ["", "## Our own checks (comparisons the papers do not make)", ""] + _rows(table[ours])
    return "\n".join(lines) + "\n"
