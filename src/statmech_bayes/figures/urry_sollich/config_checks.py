"""Checks of the ``urry_sollich`` configuration section that a JSON schema cannot express."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from statmech_bayes.core.config import ConfigError


def check(config: Mapping[str, Any]) -> None:
    """Cross-key rules: ensembles named by the section exist; Fig. 1's graphs can be built; ranges ordered."""
    us, ens = config["urry_sollich"], config.get("graph_ensembles", {})
    fig1 = us["fig1"]
    e = ens.get(fig1["ensemble"])
    if e is None or e["kind"] != "regular" or e.get("d") != fig1["d"]:
        raise ConfigError("bad value for 'urry_sollich.fig1.ensemble': must name a 'regular' ensemble "
                          f"in graph_ensembles with d == urry_sollich.fig1.d ({fig1['d']})")
    if (fig1["V"] * fig1["d"]) % 2:
        raise ConfigError("bad value for 'urry_sollich.fig1.V': V * d must be even for a regular graph")
    named = [("urry_sollich.sims.ensembles", us["sims"]["ensembles"]),
             ("urry_sollich.sims.mismatch_ensembles", us["sims"]["mismatch_ensembles"]),
             ("urry_sollich.fig2.ensembles", us["fig2"]["ensembles"]),
             ("urry_sollich.fig4.ensemble", [us["fig4"]["ensemble"]]),
             ("urry_sollich.fig6.ensemble", [us["fig6"]["ensemble"]]),
             ("urry_sollich.fig11.ensemble", [us["fig11"]["ensemble"]])]
    for key, names in named:
        unknown = [n for n in names if n not in ens]
        if unknown:
            raise ConfigError(f"bad value for '{key}': {unknown} not defined in graph_ensembles "
                              f"(defined: {sorted(ens)})")
    if us["sims"]["n_samples_mismatch"] > us["sims"]["n_samples"]:
        raise ConfigError("bad value for 'urry_sollich.sims.n_samples_mismatch': the mismatch curves use the "
                          "first graphs of the matched ones, so it must be <= urry_sollich.sims.n_samples")
    fs = us["fig9"]["finite_size"]
    if len(fs["V"]) != len(fs["n_graphs"]) or list(fs["V"]) != sorted(set(fs["V"])):
        raise ConfigError("bad value for 'urry_sollich.fig9.finite_size': V must be increasing, with one "
                          "n_graphs entry per V")
    lo, hi = us["sims"]["nu_range"]
    if not lo < hi:
        raise ConfigError("bad value for 'urry_sollich.sims.nu_range': need min < max")
    _check_larger_graph_sims(us)
    lo, hi = fig1["limit_log2_p"]
    if hi - lo < 2:
        raise ConfigError("bad value for 'urry_sollich.fig1.limit_log2_p': need at least three "
                          "doublings [min, max] with max - min >= 2 for the extrapolation")


def _check_larger_graph_sims(us: Mapping[str, Any]) -> None:
    """The larger graphs answer for Fig. 9's panels, at nu of the V = 500 grid, on graphs larger than it."""
    big, sims = us["fig9"]["larger_graph_sims"], us["sims"]
    key = "urry_sollich.fig9.larger_graph_sims"
    outside = [e for e in big["ensembles"] if e not in sims["mismatch_ensembles"]]
    if outside:
        raise ConfigError(f"bad value for '{key}.ensembles': {outside} are not Fig 9 panels "
                          f"(urry_sollich.sims.mismatch_ensembles: {list(sims['mismatch_ensembles'])})")
    if big["V"] <= sims["V"]:
        raise ConfigError(f"bad value for '{key}.V': must exceed urry_sollich.sims.V ({sims['V']})")
    grid = np.geomspace(*sims["nu_range"], sims["n_nu"])
    off = [x for x in big["nu"] if np.min(np.abs(np.log(grid / x))) > 0.01]
    if off:
        raise ConfigError(f"bad value for '{key}.nu': {off} not on the simulations' nu grid "
                          f"(urry_sollich.sims nu_range/n_nu: {np.round(grid, 4).tolist()}) within 1 %")
