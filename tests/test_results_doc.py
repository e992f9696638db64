"""docs/results.md explains; its numbers are looked up (issue 34). Its summary table is the scorecard's counts, and
every number it quotes (two or more decimals, three or more digits, or a ratio or percentage) is a number of the
committed claims files of the section's paper (their values, tolerances, notes, findings), of the configuration, or
of tests/test_findings.py and tests/test_*_mechanisms.py (the proofs of findings and of the mechanisms of other
failures): a number that went stale when a build changed fails here."""
import re
from pathlib import Path

import pandas as pd

from statmech_bayes.reporting.results_doc import blocks, render

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "results.md"
# Section headings name the paper whose claims their numbers come from ("## Gallery: Urry & Sollich 2013").
PAPERS = {"Urry": "urry_sollich", "Sollich & Halees": "sollich_halees", "Hartog": "hartog_vanzanten",
          "Uda": "uda_kabashima", "KJIT": "kjit", "Jitkrittum": "kjit"}
QUOTED = re.compile(r"(?<![\w.#/-])[-−]?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s?[×%])?(?![\w])")
SOURCE_NUMBER = re.compile(r"\d[\d_,]*(?:\.\d+)?(?:e[-+]?\d+)?")


def _numbers(texts) -> set[str]:
    """Every number of ``texts`` in the forms a document quotes it: as written, to 1-10 significant digits, to
    0-5 decimals, and as a percentage."""
    out = set()
    for t in texts:
        for m in SOURCE_NUMBER.finditer(t):
            s = m.group(0).replace(",", "").replace("_", "")
            try:
                x = float(s)
            except ValueError:
                continue
            out.add(s)
            out.update(f"{x:.{d}g}" for d in range(1, 11))
            out.update(f"{x:.{d}f}" for d in range(0, 6))
            out.update(f"{100 * x:.{d}f}" for d in range(0, 4))
    return out


def _sources(paper: str | None) -> list[str]:
    figs = ROOT / "figures"
    texts = [f.read_text() for f in sorted(figs.glob(f"{paper or '*'}/*.claims.json"))]
    texts += [(figs / "scorecard_counts.csv").read_text(), (ROOT / "workflow" / "config" / "full.yaml").read_text(),
              (ROOT / "tests" / "test_findings.py").read_text()]
    texts += [f.read_text() for f in sorted((ROOT / "tests").glob("test_*_mechanisms.py"))]
    robustness = figs / "robustness.csv"
    if robustness.exists():
        texts.append(robustness.read_text())
    return texts


def _quoted(n: str, suffix: str | None) -> bool:
    digits = n.replace(",", "")
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    return decimals >= 2 or bool(suffix) or len(digits.replace(".", "")) >= 3


def stale_numbers(text: str) -> list[tuple[str, str]]:
    """(section, number) for each number of ``text`` that no source of its section holds."""
    cache: dict = {}
    bad = []
    for section in re.split(r"^## ", text, flags=re.M):
        head = section.splitlines()[0] if section else ""
        paper = next((v for k, v in PAPERS.items() if head.startswith("Gallery") and k in head), None)
        if paper not in cache:
            cache[paper] = _numbers(_sources(paper))
        for m in QUOTED.finditer(section):
            n, suffix = m.group(1), m.group(2)
            if _quoted(n, suffix) and n.replace(",", "") not in cache[paper]:
                bad.append((head[:40], m.group(0).strip()))
    return bad


def test_the_generated_lists_in_results_are_the_committed_scorecard():
    """The summary, findings, failures with a settled cause, unexplained failures, inconclusive claims, revised readings and robustness flips of
    docs/results.md are generated from figures/scorecard.* (python -m statmech_bayes.reporting.results_doc)."""
    text = DOC.read_text()
    table = pd.read_csv(ROOT / "figures" / "scorecard.csv", dtype=str, keep_default_na=False)
    made = blocks(table, pd.read_csv(ROOT / "figures" / "scorecard_counts.csv"))
    assert render(text, made) == text, "docs/results.md's generated blocks are stale: run the command above"
    for name in ("summary", "findings", "settled", "unexplained", "inconclusive", "revised"):
        assert f"<!-- generated: {name} -->" in text, name


def test_every_number_in_results_is_one_of_the_committed_claims():
    bad = stale_numbers(DOC.read_text())
    assert not bad, f"{len(bad)} number(s) of docs/results.md found in no claims file of their paper: {bad[:40]}"


def test_a_stale_number_is_caught():
    """The check itself: a number that no claims file holds is reported; one they hold is not."""
    assert stale_numbers("## Gallery: Jitkrittum et al. 2015 (KJIT)\nKJIT is 123456.789× faster.\n")
    assert not stale_numbers("## Gallery: Jitkrittum et al. 2015 (KJIT)\nsee the scorecard.\n")
