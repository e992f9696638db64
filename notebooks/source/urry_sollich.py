"""The urry_sollich notebook, as code so that its cells stay reviewable in diffs."""
import nbformat as nbf

from source.common import finish, header


def build() -> nbf.NotebookNode:
    nb = nbf.v4.new_notebook()
    md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
    nb.cells = [
        *header("Urry & Sollich 2013: random walk kernels and GP learning curves on random graphs (Figs 1-12)",
                "urry_sollich"),
        md("## Figure 1: the kernel on 3-regular trees and graphs"),
        code("show('fig1')"),
        code("tree, meta = load_npz(RES / 'fig1_tree.npz')\n"
             "graphs, _ = load_npz(RES / 'fig1_graphs.npz')\n"
             "print('parameters:', meta['params'])\n"
             "pd.DataFrame(tree['left_C'], index=[f'p={p}' for p in tree['left_p']],\n"
             "             columns=[f'l={l}' for l in tree['left_l']]).iloc[:, :8].round(4)"),
        code("# K_{1,p} per graph: the spread between graphs is what the claims' standard errors use.\n"
             "K = graphs['K1_graphs_a2']\n"
             "pd.DataFrame({'p/a': graphs['p_a2'] / 2, 'mean': K.mean(0), 'min': K.min(0), 'max': K.max(0)}).iloc[::6]"),
        md("## Figure 10: scaling of $p\\rho_{l,p}$"),
        code("show('fig10')"),
        code("data = pd.read_csv(FIG / 'fig10.csv')\ndata.groupby('curve').y.max().sort_values()"),
        md("## Figures 2-9, 11, 12: GP regression with the random walk kernel (p = 10, a = 2)\n\n"
           "Cached science lives in `results/urry_sollich/`: `sims/` (exact Bayes errors per graph sample), "
           "`eigen/` (Eq. 18 per graph), `cavity/` (population dynamics), and per-figure files."),
        code("for k in (2, 3, 4, 5, 6, 7, 8, 9, 11, 12):\n"
             "    display(Markdown(f'### Figure {k}'))\n"
             "    display(show(f'fig{k}'))"),
        code("# Per-sample Bayes errors: eps[sample, normalisation (global, local), sigma2, nu]\n"
             "sims, meta = load_npz(RES / 'sims' / 'er3_matched.npz')\n"
             "print(sims['eps'].shape, 'sigma2 =', sims['sigma2'], '\\nnu =', np.round(sims['nu'], 3))\n"
             "pd.DataFrame(sims['eps'][:, 1].mean(0), index=sims['sigma2'], columns=np.round(sims['nu'], 3)).iloc[:, ::3]"),
        code("# Cavity learning curves (population dynamics) next to the simulations\n"
             "rows = []\n"
             "for f in sorted((RES / 'cavity').glob('*_s*.npz')):\n"
             "    c, _ = load_npz(f)\n"
             "    rows += [(f.stem, n, e, s) for n, e, s in zip(c['nu'], c['eps'], c['stderr'])]\n"
             "pd.DataFrame(rows, columns=['run', 'nu', 'eps', 'stderr']).groupby('run').head(3)"),
        md("## Scorecard"),
        code("sc = pd.read_csv(ROOT / 'figures' / 'scorecard.csv')\n"
             "sc[sc.paper == 'urry_sollich'][['figure', 'claim', 'reproduced', 'verdict', 'finding']]"),
    ]
    return finish(nb)
