"""A helper of Hartog & van Zanten (2018) that several experiments share: the settings record of a chain of
Algorithm 1, stored beside the results of Figs. 2 and 4 (:mod:`.graph_mcmc`) and of Figs. 8-10 (:mod:`.tracking`,
:mod:`statmech_bayes.truncated_laplacian.tracking_chains`). Kept apart so that neither depends on the other."""

from __future__ import annotations

import numpy as np

from statmech_bayes.truncated_laplacian import sampler as sa


def _settings_dict(st: sa.ChainSettings, K_max: int) -> dict:
    return {"gamma": np.float64(st.gamma), "q": np.float64(st.q), "a": np.float64(st.a),
            "b": np.float64(st.b), "n_iter": np.int64(st.n_iter), "burn_in": np.int64(st.burn_in),
            "thin": np.int64(st.thin), "k0": np.int64(st.k0), "c0": np.float64(st.c0),
            "K_max": np.int64(K_max), "refresh_g_on_reject": np.bool_(st.refresh_g_on_reject),
            "k_move": np.str_(st.k_move)}
