"""Which negative controls the papers declare (issue 43): each paper's ``figures.<paper>.controls.CONTROLS``, and
the ledger ``figures/controls.csv`` that registers them before the run they are judged on (docs/protocol.md,
"Negative controls"). Here, not in :mod:`statmech_bayes.reporting.controls`, because finding the papers is the
pipeline's job and the reporting layer imports only the core.

``python -m statmech_bayes.pipeline.controls_registry`` rewrites the ledger from the declarations.
"""
from __future__ import annotations

import csv
import importlib
from pathlib import Path

import pandas as pd

from statmech_bayes.pipeline.registry import papers

LEDGER = "figures/controls.csv"
LEDGER_COLUMNS = ["paper", "figure", "control", "wrong_answer", "claims"]


def paper_controls(paper: str) -> dict:
    """``{figure: FigureControls}`` of ``paper``; empty when the paper has no controls module (an import error
    inside an existing module is raised, not taken for "no controls")."""
    name = f"statmech_bayes.figures.{paper}.controls"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return {}
    return module.CONTROLS


def registered_figures(ledger: str | Path) -> dict[str, set[str]]:
    """``{paper: {figure, ...}}`` of the figures with at least one control in the ledger ``ledger``: what the workflow
    builds a controls rule for. Read from the registered ledger, not from the declarations, so that parsing the
    Snakefile imports no claims module (about a second of scipy.stats and the claims per Snakemake start, on every
    dry run and every cluster job; issue 45); ``tests/test_controls.py`` keeps the ledger equal to the declarations.
    """
    try:
        with open(ledger, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        raise ValueError(f"{ledger}: cannot read the controls ledger ({e.strerror}); `git checkout -- {LEDGER}` "
                         "restores it, `python -m statmech_bayes.pipeline.controls_registry` writes it from the "
                         "declarations") from None
    if not rows or set(LEDGER_COLUMNS) - set(rows[0]):
        raise ValueError(f"{ledger}: not a controls ledger (columns {LEDGER_COLUMNS}); "
                         "`python -m statmech_bayes.pipeline.controls_registry` writes it from the declarations")
    out: dict[str, set[str]] = {}
    for row in rows:
        paper, _, figure = row["figure"].partition("/")
        if paper != row["paper"] or not figure:
            raise ValueError(f"{ledger}: figure {row['figure']!r} is not <paper>/<figure> of paper {row['paper']!r}")
        out.setdefault(paper, set()).add(figure)
    return out


def declared() -> pd.DataFrame:
    """Every declared control of every registered paper, one row each (:data:`LEDGER_COLUMNS`)."""
    rows = [[key, fc.figure, c.name, c.wrong_answer, c.claims]
            for key in papers() for fc in paper_controls(key).values() for c in fc.controls]
    return pd.DataFrame(rows, columns=LEDGER_COLUMNS)


if __name__ == "__main__":
    from statmech_bayes.core.atomic_io import save_csv

    table = declared()
    save_csv(LEDGER, table)
    print(f"{LEDGER}: {len(table)} controls")
