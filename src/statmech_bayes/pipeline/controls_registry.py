"""Which negative controls the papers declare (issue 43): each paper's ``figures.<paper>.controls.CONTROLS``, and
the ledger ``figures/controls.csv`` that registers them before the run they are judged on (docs/protocol.md,
"Negative controls"). Here, not in :mod:`statmech_bayes.reporting.controls`, because finding the papers is the
pipeline's job and the reporting layer imports only the core.

``python -m statmech_bayes.pipeline.controls_registry`` rewrites the ledger from the declarations.
"""
from __future__ import annotations

import importlib

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
