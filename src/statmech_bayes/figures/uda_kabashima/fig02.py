"""Figure 2: the complete bipartite graph of the posterior (5): circles (w_l, c_l), squares y^mu, an
edge x_l^mu between every pair (schematic, N = 5 and M = 4)."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.uda_kabashima.claims import fig2_claims
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ()

N_DRAWN, M_DRAWN = 5, 4


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt
    import networkx as nx

    use_style()
    g = nx.complete_bipartite_graph(N_DRAWN, M_DRAWN)
    pos = {l: (l - (N_DRAWN - 1) / 2, 1.0) for l in range(N_DRAWN)}
    pos.update({N_DRAWN + mu: (1.25 * (mu - (M_DRAWN - 1) / 2), 0.0) for mu in range(M_DRAWN)})
    fig, ax = plt.subplots(figsize=(5.2, 3.2))
    nx.draw_networkx_edges(g, pos, ax=ax, edge_color="0.55", width=0.8)
    nx.draw_networkx_nodes(g, pos, nodelist=range(N_DRAWN), node_shape="o", node_color="white",
                           edgecolors="k", node_size=620, ax=ax)
    nx.draw_networkx_nodes(g, pos, nodelist=range(N_DRAWN, N_DRAWN + M_DRAWN), node_shape="s",
                           node_color="white", edgecolors="k", node_size=560, ax=ax)
    labels = {l: f"$w_{l + 1},c_{l + 1}$" for l in range(N_DRAWN)}
    labels.update({N_DRAWN + mu: f"$y^{mu + 1}$" for mu in range(M_DRAWN)})
    nx.draw_networkx_labels(g, pos, labels, font_size=7, ax=ax)
    shown = {(0, N_DRAWN): "$x_1^1$", (N_DRAWN - 1, N_DRAWN + M_DRAWN - 1): f"$x_{N_DRAWN}^{M_DRAWN}$",
             (2, N_DRAWN + 1): "$x_3^2$"}
    nx.draw_networkx_edge_labels(g, pos, shown, font_size=7, ax=ax, label_pos=0.55, rotate=False,
                                 bbox=dict(fc="white", ec="none", pad=0.5))
    ax.text(3.05, 1.0, r"$l = 1,\dots,N$", va="center", fontsize=8)
    ax.text(3.05, 0.0, r"$\mu = 1,\dots,M$", va="center", fontsize=8)
    ax.set_xlim(-2.6, 4.2)
    ax.set_ylim(-0.35, 1.35)
    ax.axis("off")
    fig.tight_layout()

    rows = [(u, v, *pos[u], *pos[v]) for u, v in g.edges()]
    frame = pd.DataFrame(rows, columns=["l", "node_mu", "x_l", "y_l", "x_mu", "y_mu"])
    frame["mu"] = frame["node_mu"] - N_DRAWN
    frame = frame[["l", "mu", "x_l", "y_l", "x_mu", "y_mu"]]
    return fig, frame, fig2_claims(frame)
