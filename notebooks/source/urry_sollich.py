"""The urry_sollich notebook, as code so that its cells stay reviewable in diffs."""
import nbformat as nbf

from source.common import either, finish, header


def build() -> nbf.NotebookNode:
    nb = nbf.v4.new_notebook()
    md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
    nb.cells = [
        *header("Urry & Sollich 2013: random walk kernels and GP learning curves on random graphs (Figs 1-12)",
                "urry_sollich"),
        md("## Figure 1: the kernel on 3-regular trees and graphs"),
        code("show('fig1')"),
        code("# C_{l,p}: the kernel at distance l on the tree, one row per p\n" + either(
            "tree, meta = load_npz(RES / 'fig1_tree.npz')\n"
            "print('parameters:', meta['params'])\n"
            "display(pd.DataFrame(tree['left_C'], index=[f'p={p}' for p in tree['left_p']],\n"
            "                     columns=[f'l={l}' for l in tree['left_l']]).iloc[:, :8].round(4))",
            "left = plotted('fig1').query(\"panel == 'left'\")\n"
            "display(left.pivot(index='curve', columns='x', values='y').reindex(left.curve.unique()).iloc[:, :8].round(4))")),
        code("# K_{1,p} per graph: the spread between graphs is what the claims' standard errors use.\n" + either(
            "graphs, _ = load_npz(RES / 'fig1_graphs.npz')\n"
            "K = graphs['K1_graphs_a2']\n"
            "display(pd.DataFrame({'p/a': graphs['p_a2'] / 2, 'mean': K.mean(0), 'min': K.min(0),\n"
            "                      'max': K.max(0)}).iloc[::6])",
            "# (the plotted data hold the mean over graphs; the per-graph values are cached in results/)\n"
            "right = plotted('fig1').query(\"panel == 'right' and curve.str.endswith('a=2') or curve.str.contains('a=2 ')\")\n"
            "display(right.pivot(index='x', columns='curve', values='y').rename_axis('p/a').iloc[::6])")),
        md("## Figure 10: scaling of $p\\rho_{l,p}$"),
        code("show('fig10')"),
        code("data = plotted('fig10')\ndata.groupby('curve').y.max().sort_values()"),
        md("## Figures 2-9, 11, 12: GP regression with the random walk kernel (p = 10, a = 2)\n\n"
           "Cached science lives in `results/urry_sollich/`: `sims/` (exact Bayes errors per graph sample), "
           "`eigen/` (Eq. 18 per graph), `cavity/` (population dynamics), and per-figure files."),
        code("for k in (2, 3, 4, 5, 6, 7, 8, 9, 11, 12):\n"
             "    display(Markdown(f'### Figure {k}'))\n"
             "    display(show(f'fig{k}'))"),
        code("# Bayes errors of the simulations, by noise level and nu\n" + either(
            "# per sample: eps[sample, normalisation (global, local), sigma2, nu]\n"
            "sims, meta = load_npz(RES / 'sims' / 'er3_matched.npz')\n"
            "print(sims['eps'].shape, 'sigma2 =', sims['sigma2'], '\\nnu =', np.round(sims['nu'], 3))\n"
            "display(pd.DataFrame(sims['eps'][:, 1].mean(0), index=sims['sigma2'],\n"
            "                     columns=np.round(sims['nu'], 3)).iloc[:, ::3])",
            "# the sample means plotted in Fig. 3 (local normalisation), one row per graph ensemble and noise level\n"
            "sim = plotted('fig3').query(\"curve == 'simulation'\")\n"
            "display(sim.pivot_table(index=['panel', 'sigma2'], columns=sim.nu.round(3), values='eps').iloc[:, ::3])")),
        code("# Cavity learning curves (population dynamics) next to the simulations\n" + either(
            "rows = []\n"
            "for f in cached('cavity/*_s*.npz'):\n"
            "    c, _ = load_npz(f)\n"
            "    rows += [(f.stem, n, e, s) for n, e, s in zip(c['nu'], c['eps'], c['stderr'])]\n"
            "display(pd.DataFrame(rows, columns=['run', 'nu', 'eps', 'stderr']).groupby('run').head(3))",
            "curves = plotted('fig3').query(\"curve in ('cavity', 'simulation')\")\n"
            "display(curves.pivot_table(index=['panel', 'sigma2', 'nu'], columns='curve', values='eps')\n"
            "        .dropna().groupby(level=[0, 1]).head(2))")),
        md("## Scorecard"),
        code("sc = pd.read_csv(ROOT / 'figures' / 'scorecard.csv')\n"
             "sc[sc.paper == 'urry_sollich'][['figure', 'claim', 'kind', 'reproduced', 'verdict', 'reason', 'finding',\n"
             "                                'finding_test']]"),
    ]
    return finish(nb)
