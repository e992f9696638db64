"""The scorecard: every claim of every figure in one table, and its counts per paper.

Per paper, over the paper's own results (kinds value, relation and wording): *passed* (verdict ``pass``; a pass is
*reproduced* only when control-checked, the columns ``control_checked`` / ``weak`` / ``unchecked`` of
:func:`.controls.counts`), *known* (``pass`` on a statement proven before the paper: it checks our
implementation, not the paper), *findings* (``fail`` proven to be the paper's own error by a test of
``tests/test_findings.py``), *inconclusive* per reason (noise, wording, unconverged, unstated setup), *settled*
failures (``fail`` without a finding whose cause a test settles, ``workflow/config/mechanisms.yaml``:
:mod:`.mechanisms`) and *unexplained* failures (the other failures); *revised* counts the claims judged under a
reading adopted after their registered one (both verdicts are shown). Set-up facts (kind ``setup``: true by construction) and
comparisons or numbers the paper does not make (kind ``ours``) are counted and listed apart. A finding whose
test does not exist stops the scorecard (:func:`check_findings`).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pandas as pd

COLUMNS = ["paper", "figure", "claim", "kind", "paper_statement", "reproduced", "tolerance", "verdict", "reason",
           "finding", "finding_test", "known", "remedy", "registered_tolerance", "registered_reproduced",
           "registered_verdict", "revised_verdict", "revision_commit", "revision_reason", "revision_proof", "note",
           "caveats"]
CAVEAT_COLUMNS = ["paper", "id", "text"]
# The columns that partition the paper's own results (their sum is the "claims" column).
COUNTS = ("passed", "known", "findings", "inconclusive_noise", "inconclusive_wording", "inconclusive_unconverged",
          "inconclusive_unstated", "settled", "unexplained")
OURS_COUNTS = ("ours_pass", "ours_fail", "ours_inconclusive")
SETUP_COUNTS = ("setup_pass", "setup_fail")
REASON_COLUMNS = {"noise": "inconclusive_noise", "wording": "inconclusive_wording",
                   "unconverged": "inconclusive_unconverged", "unstated setup": "inconclusive_unstated"}


def gather(claim_files) -> pd.DataFrame:
    """One row per claim, in the order of ``claim_files`` (the registry's order)."""
    rows = []
    for f in map(str, claim_files):
        doc = json.loads(Path(f).read_text())
        paper = doc["figure"].split("/")[0]
        for c in doc["claims"]:
            row = {"paper": paper, "figure": doc["figure"], "claim": c["claim"], "kind": c.get("kind", "value"),
                   "paper_statement": c["paper"]}
            row.update({k: c.get(k, "") for k in COLUMNS if k not in row})
            row["registered_reproduced"] = "" if row["registered_reproduced"] is None else row["registered_reproduced"]
            row["caveats"] = " ".join(c.get("caveats") or [])
            rows.append(row)
    return pd.DataFrame(rows, columns=COLUMNS)


def caveat_table(claim_files) -> pd.DataFrame:
    """The caveats the claims name, one row per paper and id with its text (written once per paper, however many
    claims and figures name it); stops when one id has two texts in a paper."""
    texts: dict[tuple[str, str], str] = {}
    for f in map(str, claim_files):
        doc = json.loads(Path(f).read_text())
        paper = doc["figure"].split("/")[0]
        for cid, text in (doc.get("caveats") or {}).items():
            if texts.setdefault((paper, cid), text) != text:
                raise ValueError(f"caveat {cid!r} of {paper} has two texts ({doc['figure']} differs)")
    return pd.DataFrame([(p, i, t) for (p, i), t in texts.items()], columns=CAVEAT_COLUMNS)


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


def names_a_test(ref: str, root) -> bool:
    """Whether ``ref`` (``tests/<file>.py::<test>``) names a top-level function of that file under ``root``."""
    file, _, name = str(ref).partition("::")
    path = Path(root) / file
    return path.is_file() and name in {n.name for n in ast.parse(path.read_text()).body
                                       if isinstance(n, ast.FunctionDef)}


def check_proofs(table: pd.DataFrame, root) -> None:
    """Rule 1 of the protocol: a revision that decides names a test that exists (``tests/<file>.py::<test>``);
    else stop with the claims at fault."""
    bad = [f"  {r.figure}: {r.claim!r} names {r.revision_proof!r}"
           for r in table[_text(table.revision_proof).str.len() > 0].itertuples()
           if not names_a_test(r.revision_proof, root)]
    if bad:
        raise ValueError(f"{len(bad)} revision(s) decide on a proof that is no test (docs/protocol.md, rule 1):\n"
                         + "\n".join(bad))


def _text(s: pd.Series) -> pd.Series:
    return s.fillna("").astype(str)


def counts(table: pd.DataFrame, papers=None) -> pd.DataFrame:
    """Per paper (rows in first-appearance order, or in the order of ``papers``, where a paper whose figures
    make no claim, e.g. a schematic, gets a row of zeros): the counts of its own results (:data:`COUNTS`, their
    sum ``claims``), the revised ones among them, the set-up facts and our own checks (kind ``ours``)."""
    kind = _text(table.kind)
    ours, setup = kind == "ours", kind == "setup"
    own = ~ours & ~setup
    fail, passed = table.verdict == "fail", table.verdict == "pass"
    explained = _text(table.finding).str.len() > 0
    settled = _text(table["mechanism"] if "mechanism" in table else pd.Series("", index=table.index)).str.len() > 0
    known = _text(table.known).str.len() > 0
    reason = _text(table.reason)
    flags = {"paper": table.paper,
             "passed": own & passed & ~known,
             "known": own & passed & known,
             "findings": own & fail & explained,
             **{col: own & (table.verdict == "inconclusive") & (reason == r) for r, col in REASON_COLUMNS.items()},
             "settled": own & fail & ~explained & settled,
             "unexplained": own & fail & ~explained & ~settled,
             "revised": own & (_text(table.registered_tolerance).str.len() > 0),
             "setup_pass": setup & passed,
             "setup_fail": setup & ~passed,
             "ours_pass": ours & passed,
             "ours_fail": ours & fail,
             "ours_inconclusive": ours & (table.verdict == "inconclusive")}
    cols = list(COUNTS) + ["revised"] + list(SETUP_COUNTS) + list(OURS_COUNTS)
    out = pd.DataFrame(flags).groupby("paper", sort=False)[cols].sum().astype(int)
    if papers is not None:
        out = out.reindex(list(papers), fill_value=0)
    out.insert(0, "claims", out[list(COUNTS)].sum(axis=1))
    out["setup"] = out[list(SETUP_COUNTS)].sum(axis=1)
    out["ours"] = out[list(OURS_COUNTS)].sum(axis=1)
    return out.reset_index()


SUMMARY_HEADER = ("| paper | results | passed: reproduced (control-checked) / weak / unchecked | proven before the paper | "
                  "findings | inconclusive (noise / wording / unconverged / unstated setup) | failures with a settled cause "
                  "(not the paper's error) | unexplained failures | "
                  "revised readings | set-up facts (hold / fail) | our own checks (pass / fail / inconclusive) |")


def summary_rows(c: pd.DataFrame, titles: dict[str, str] | None = None) -> list[str]:
    """The per-paper summary table (the scorecard's head), from :func:`counts`: a pass of a result is *reproduced*
    only when control-checked (issue 43; the counts' ``passed`` column holds every pass not proven before the
    paper, split by the controls columns when present, else all unchecked); with the robustness table's seed
    columns (``seed_stable``, ``seed_decided``) when the variants were built."""
    titles = titles or {}
    seeds = "seed_decided" in c.columns
    ctrl = "control_checked" in c.columns
    lines = [SUMMARY_HEADER + (" verdicts stable across seeds |" if seeds else ""),
             "|---|---|---|---|---|---|---|---|---|---|---|" + ("---|" if seeds else "")]
    for r in c.itertuples():
        passes = (f"{int(r.control_checked)} / {int(r.weak)} / {int(r.unchecked)}" if ctrl
                  else f"0 / 0 / {r.passed}")
        lines.append(f"| {titles.get(r.paper, r.paper)} | {r.claims} | {passes} | {r.known} | {r.findings} | "
                     f"{r.inconclusive_noise} / {r.inconclusive_wording} / {r.inconclusive_unconverged} / "
                     f"{r.inconclusive_unstated} | {r.settled} | {r.unexplained} | {r.revised} | "
                     f"{r.setup_pass} / {r.setup_fail} | "
                     f"{r.ours_pass} / {r.ours_fail} / {r.ours_inconclusive} |"
                     + (f" {int(r.seed_stable)} of {int(r.seed_decided)} |" if seeds else ""))
    return lines


def _fmt(v) -> str:
    if isinstance(v, float):
        return f"{v:.6g}"
    return str(v).replace("|", "\\|").replace("\n", " ")


_MARK = {"pass": "pass", "fail": "**FAIL**", "inconclusive": "*inconclusive*"}


def _rows(table: pd.DataFrame) -> list[str]:
    lines = ["| figure | claim | kind | paper | reproduced | tolerance | verdict | registered reading (verdict) | "
             "finding / note |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in table.itertuples():
        verdict = _MARK[r.verdict] + (f" ({r.reason})" if isinstance(r.reason, str) and r.reason else "")
        control = getattr(r, "control", "")
        if _present(control):  # negative controls (issue 43, reporting/controls.py)
            verdict += f"; {control}" + (f" (a wrong answer passes too: {r.weak_controls})" if control == "weak" else "")
        decides = (f"the revision decides (proof: {r.revision_proof})" if _present(r.revision_proof)
                   else "the registered reading decides")
        registered = (f"registered: {_fmt(r.registered_tolerance)} -> {_fmt(r.registered_reproduced)} "
                      f"({r.registered_verdict}); revised: {_fmt(r.tolerance)} ({r.revised_verdict}); {decides}; "
                      f"revised because: {_fmt(r.revision_reason)}" if _present(r.registered_tolerance) else "")
        parts = [f"finding (proof: tests/test_findings.py::{r.finding_test}): {r.finding}" if _present(r.finding) else "",
                 f"proven before the paper: {r.known}" if _present(r.known) else "",
                 f"cause settled ({r.mechanism}; proof: {r.mechanism_test}): {r.mechanism_why}"
                 if _present(getattr(r, "mechanism", "")) else "",
                 f"would decide it: {r.remedy}" if _present(r.remedy) else "",
                 r.note if _present(r.note) else "",
                 f"caveats: {', '.join(str(r.caveats).split())}" if _present(getattr(r, "caveats", "")) else ""]
        lines.append("| " + " | ".join([_fmt(x) for x in (r.figure, r.claim, r.kind, r.paper_statement,
                                                            r.reproduced, r.tolerance)]
                                       + [verdict, _fmt(registered), _fmt(" ".join(x for x in parts if x))]) + " |")
    return lines


def _present(x) -> bool:
    return isinstance(x, str) and bool(x)


def to_markdown(table: pd.DataFrame, titles: dict[str, str] | None = None, c: pd.DataFrame | None = None,
                caveats: pd.DataFrame | None = None) -> str:
    """The scorecard page; ``c``: the counts (with the seed columns) when the caller has them; ``caveats``: the
    texts of the caveats the claims name (:func:`caveat_table`), listed once at the end."""
    titles = titles or {}
    c = counts(table, list(titles) or None) if c is None else c
    kind = _text(table.kind)
    lines = ["# Scorecard", "",
             "Every claim a paper makes about its figures, reproduced and judged on the paper's own protocol. "
             "*Results* are the paper's own statements that an implementation could have got wrong. A pass is "
             "*reproduced* only when it is *control-checked*: every negative control that bears on it (a wrong answer "
             "a careless replication could produce, fed to the same check, `figures/controls.csv`) fails it; it is "
             "*weak* when a wrong answer passes too, *unchecked* when no control decides it, and *proven before the "
             "paper* when it rests on a statement proven earlier (it checks our code, not the paper). A smaller "
             "reproduced count that means more is the point ([docs/protocol.md](../docs/protocol.md), negative "
             "controls). *Findings* are failures proven to be "
             "the paper's own error, each by an independent test of `tests/test_findings.py`; a *settled cause* is a "
             "failure whose cause a test singles out short of the paper's error (a setting the paper leaves open, or "
             "words that hold beyond the window the reading fixed: `workflow/config/mechanisms.yaml`), still a "
             "failure; *inconclusive* "
             "claims are those the data (noise, unconverged chains), the paper's wording (decided readings that "
             "disagree) or a choice the paper leaves open cannot decide. *Revised readings* are claims judged under a "
             "reading adopted after their registered one (`figures/<paper>/readings.csv`, `revisions.csv`): both "
             "verdicts are shown, and the registered one decides unless a test proves it defective "
             "([docs/protocol.md](../docs/protocol.md), rule 1). *Set-up "
             "facts* are true by construction and *our own checks* are comparisons or numbers the paper does not "
             "make; both are listed apart and never counted as reproduced. Seeds and variants decide by rules 4 and 5 "
             "of the protocol where they were built under it (`figures/robustness.md`); the main build's own verdict "
             "is in the CSV's `build_verdict`, and which seeds decided in `decided_on`.", ""]
    if "decided_on" in table.columns and len(table):
        lines += [f"Verdicts decided on: {table.decided_on.iloc[0]}.", ""]
    lines += summary_rows(c, titles)
    lines += ["", "## The papers' results", ""] + _rows(table[(kind != "ours") & (kind != "setup")])
    lines += ["", "## Set-up facts (true by construction; not reproductions)", ""] + _rows(table[kind == "setup"])
    lines += ["", "## Our own checks (comparisons or numbers the papers do not make or state)", ""] + \
        _rows(table[kind == "ours"])
    if caveats is not None and len(caveats):
        lines += ["", "## Caveats", "", "Qualifications several claims share, named in their notes (`caveats: id`).", "",
                  "| paper | caveat | text |", "|---|---|---|"]
        lines += [f"| {titles.get(r.paper, r.paper)} | {r.id} | {_fmt(r.text)} |" for r in caveats.itertuples()]
    return "\n".join(lines) + "\n"
