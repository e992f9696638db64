"""Shared by the wrong-input tests of the figures' claims (tests/test_*_claims.py): find one claim by its text,
run a figure module on synthetic inputs, and read a paper's section of the default configuration."""
from pathlib import Path

import matplotlib.pyplot as plt
import yaml

from statmech_bayes.core.atomic_io import save_npz

ROOT = Path(__file__).resolve().parents[1]


def paper_config(key: str) -> dict:
    """The paper's section of workflow/config/full.yaml (its own parameters)."""
    return yaml.safe_load((ROOT / "workflow" / "config" / "full.yaml").read_text())[key]


def claim(rec, text):
    """The one claim of ``rec`` whose text contains ``text``."""
    found = [c for c in rec.claims if text in c.claim]
    assert len(found) == 1, f"{text!r} matches {[c.claim for c in found]} in {[c.claim for c in rec.claims]}"
    return found[0]


def verdict(module, inputs, cfg, text):
    """The verdict of the claim matching ``text`` when ``module.make`` runs on ``inputs``."""
    fig, _, rec = module.make(inputs, cfg)
    plt.close(fig)
    return claim(rec, text).verdict


def save(path, arrays):
    save_npz(path, arrays)
    return str(path)
