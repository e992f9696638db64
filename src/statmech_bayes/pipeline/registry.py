"""The papers of the pipeline and their figures, discovered from ``statmech_bayes.figures``.

Each paper is a subpackage ``statmech_bayes.figures.<key>`` whose ``__init__`` declares ``PAPER`` (the
citation), ``PREFIX`` (its rule-name prefix), ``FIGURES`` (its figure names) and ``SMOKE_FIGURES`` (the
one cheap figure the smoke configuration builds end to end). The rule files, the
scorecard, the report and the tests all read this registry, so adding a paper adds a subpackage and
changes no list elsewhere, and nothing depends on the order in which rule files are included.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass

import statmech_bayes.figures as _figures


@dataclass(frozen=True)
class Paper:
    key: str           # config section, figures/<key>/, results/<key>/
    citation: str
    prefix: str        # every rule of the paper is named <prefix>_...
    figures: tuple[str, ...]
    smoke_figures: tuple[str, ...]  # one cheap figure, built end to end by the smoke configuration
    title: str         # short name for tables: TITLE if declared, else the citation up to its first comma


def papers() -> dict[str, Paper]:
    """Every registered paper by key, in key order."""
    out = {}
    for info in sorted(pkgutil.iter_modules(_figures.__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        mod = importlib.import_module(f"{_figures.__name__}.{info.name}")
        missing = [a for a in ("PAPER", "PREFIX", "FIGURES", "SMOKE_FIGURES") if not hasattr(mod, a)]
        if missing:
            raise AttributeError(f"statmech_bayes.figures.{info.name} must declare {missing} to be registered")
        title = getattr(mod, "TITLE", mod.PAPER.split(",")[0])
        out[info.name] = Paper(info.name, mod.PAPER, mod.PREFIX, tuple(mod.FIGURES), tuple(mod.SMOKE_FIGURES), title)
    prefixes = [p.prefix for p in out.values()]
    if len(set(prefixes)) != len(prefixes):
        raise ValueError(f"rule prefixes must be unique per paper, got {prefixes}")
    return out
