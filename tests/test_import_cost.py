"""What a figure or controls job pays to start, and the scipy.special forms that keep scipy.stats out of it.

Every figure and controls rule is a fresh Python process (workflow/scripts/common/plot_figure.py, run_controls.py),
and importing scipy.stats costs about half a second of CPU: more than the plotting of most figures. So no module a
figure job imports loads it at module level; the few functions that need a scipy test import it when called. Where
a claim needs only a quantile or a normal CDF, the scipy.special function that scipy.stats itself calls stands in
for it, and is checked here to give the same bits, including at the ends of its range, so that no claims file, table
or cached result changes."""
from __future__ import annotations

import ast
import subprocess
import sys

import numpy as np
import pytest
from scipy import special, stats

from conftest import ROOT
from statmech_bayes.pipeline.registry import papers
from statmech_bayes.reporting.statistics import t_quantile
from statmech_bayes.sparse_classifier.stats import mean_ci95

SRC = ROOT / "src"
SCRIPTS = [ROOT / "workflow" / "scripts" / "common" / s for s in ("plot_figure.py", "run_controls.py")]


def script_imports(script) -> list[str]:
    """The modules ``script`` imports at its top, the package's and any other (``from a.b import c`` names ``a.b.c``
    where that is a module of the package); the figure or controls module it then loads by name is not among them."""
    out = []
    for node in ast.parse(script.read_text()).body:
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            base = SRC.joinpath(*node.module.split("."))
            subs = [a.name for a in node.names if base.joinpath(f"{a.name}.py").is_file()]
            out += [f"{node.module}.{s}" for s in subs] or [node.module]
        elif isinstance(node, ast.Import):
            out += [a.name for a in node.names]
    return out


def job_modules() -> list[str]:
    """Every module a figure or controls job imports by name: each paper's figure modules (figNN*, tableN: those
    figures.smk loads), its controls and claims, and what the two scripts import themselves."""
    out = [m for s in SCRIPTS for m in script_imports(s)] + ["statmech_bayes.reporting.statistics"]
    for paper in papers():
        for f in sorted((SRC / "statmech_bayes" / "figures" / paper).glob("*.py")):
            if f.stem.startswith(("fig", "table")) or f.stem in ("controls", "claims"):
                out.append(f"statmech_bayes.figures.{paper}.{f.stem}")
    return list(dict.fromkeys(out))


# One process imports the modules in turn and names the first after which scipy.stats is loaded.
_FIRST_TO_LOAD_STATS = """
import importlib, sys
import matplotlib
matplotlib.use("Agg")
for m in sys.argv[1:]:
    importlib.import_module(m)
    if "scipy.stats" in sys.modules:
        print(m)
        break
"""


def test_figure_and_controls_jobs_do_not_import_scipy_stats():
    modules = job_modules()
    assert len(modules) > 60 and "statmech_bayes.figures.kjit.fig07" in modules
    r = subprocess.run([sys.executable, "-c", _FIRST_TO_LOAD_STATS, *modules], cwd=ROOT, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "", (
        f"importing {r.stdout.strip()} loads scipy.stats (about 0.5 s in every figure and controls job): import it "
        f"inside the function that uses it")


def test_the_scripts_imports_are_found():
    assert "statmech_bayes.reporting.plotstyle" in script_imports(SCRIPTS[0])
    assert "statmech_bayes.reporting.controls" in script_imports(SCRIPTS[1])


def same_bits(a, b) -> bool:
    """Equal as stored: the same value and sign (-0.0 is not 0.0: a claims file would print it), NaN where NaN."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    nan = np.isnan(a)
    return (a.shape == b.shape and np.array_equal(nan, np.isnan(b))
            and np.array_equal(a[~nan], b[~nan]) and np.array_equal(np.signbit(a[~nan]), np.signbit(b[~nan])))


Q = np.linspace(0.001, 0.999, 999)
DF = [1, 2, 3, 5, 10, 30, 100, 1e4]
# the ends and the outside of the ranges, and the non-integer degrees of freedom of Welch's test
Q_EDGES = [0.0, 1.0, 0.5, 0.975, 1e-300, 1 - 2**-53, -0.1, 1.1, np.nan]
DF_EDGES = [0.5, 2.7, 57.3, np.inf, 0, -1, np.nan]


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_t_quantile_is_scipy_stats_t_ppf_bit_for_bit():
    for df in DF + DF_EDGES:
        for q in np.concatenate([Q, Q_EDGES]):
            assert same_bits(t_quantile(float(q), df), float(stats.t.ppf(q, df))), (q, df)
    # the integer arguments the callers pass
    assert same_bits(t_quantile(0.975, 61), stats.t.ppf(0.975, 61)) and same_bits(t_quantile(1, 3), np.inf)
    assert same_bits(t_quantile(0, 3), -np.inf) and same_bits(t_quantile(0.5, 7), 0.0)


def test_stdtrit_is_t_ppf_on_the_open_range_bit_for_bit():
    """sparse_classifier.stats.mean_ci95 calls stdtrit(n - 1, 0.975) for n >= 2."""
    q = Q[None, :]
    df = np.array(DF + [0.5, 2.7, 57.3])[:, None]
    assert same_bits(special.stdtrit(df, q), stats.t.ppf(q, df))
    n = np.arange(2, 2001)
    assert same_bits(special.stdtrit(n - 1, 0.975), stats.t.ppf(0.975, n - 1))


def test_mean_ci95_is_unchanged():
    rng = np.random.default_rng(7)
    for n in (2, 3, 10, 50, 200):
        x = rng.normal(0.2, 0.05, (n, 17))
        for axis in (0, 1):
            mean, half = mean_ci95(x, axis=axis)
            k = x.shape[axis]
            assert same_bits(half, stats.t.ppf(0.975, k - 1) * x.std(axis=axis, ddof=1) / np.sqrt(k))
            assert same_bits(mean, x.mean(axis=axis))


def test_ndtr_is_norm_cdf_bit_for_bit():
    z = np.concatenate([np.linspace(-40.0, 40.0, 8001), [0.0, -0.0, np.inf, -np.inf, np.nan]])
    assert same_bits(special.ndtr(z), stats.norm.cdf(z))
    assert same_bits(special.ndtr(2), stats.norm.cdf(2))  # an integer z


def test_uda_kabashima_critical_t_is_unchanged():
    """figures/uda_kabashima/claims.py: the corrected resampled t's critical value at z_table's level."""
    for z in np.concatenate([np.linspace(0.0, 9.0, 181), [1.96, 2, 3]]):
        for n in (2, 3, 10, 62, 200, 1000):
            assert same_bits(t_quantile(special.ndtr(z), n - 1), float(stats.t.ppf(stats.norm.cdf(z), n - 1)))
