"""The hartog_vanzanten notebook, as code so that its cells stay reviewable in diffs."""
import nbformat as nbf

from source.common import either, finish, header, scorecard_cells


def build() -> nbf.NotebookNode:
    nb = nbf.v4.new_notebook()
    md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
    nb.cells = [
        *header("Hartog & van Zanten 2018: truncated-Laplacian label prediction by reversible-jump MCMC (Figs 1-10)",
                "hartog_vanzanten"),
        md("## Figures 1-4: path and small-world graphs\n\n"
           "`results/hartog_vanzanten/mcmc/<graph>_g<gamma>.npz` holds each chain: the k, c and acceptance traces, "
           "the posterior mean and 95 % band of Phi(f), and its summaries (`rule` = the rule of thumb 20/n)."),
        code("display(show('fig1'))\ndisplay(show('fig2'))"),
        code(either(
            "rows = []\n"
            "for f in cached('mcmc/*_g*.npz'):\n"
            "    c, _ = load_npz(f)\n"
            "    rows.append({'chain': f.stem, 'gamma': float(c['gamma']), 'k0': int(c['k0']),\n"
            "                 'mean k': float(c['k_mean']), 'k 5%': float(c['k_q05']), 'k 95%': float(c['k_q95']),\n"
            "                 'RMSE': float(c['rmse']), 'coverage': float(c['coverage']),\n"
            "                 'acceptance': float(c['acceptance_rate']), 'rejected > K_max': int(c['n_reject_kmax']),\n"
            "                 'sweeps (s)': float(c['t_sweeps'])})\n"
            "display(pd.DataFrame(rows))",
            "# From the plotted data of Figs 2 and 4: the k trace, and the posterior band of Phi(f) against the truth\n"
            "rows = []\n"
            "for graph, name in (('path', 'fig2'), ('smallworld', 'fig4')):\n"
            "    d = plotted(name).sort_values('x')\n"
            "    truth = d[d.series == 'ell0'].value.to_numpy()\n"
            "    for gamma, chain in d[d.gamma != 'truth'].groupby('gamma', sort=False):\n"
            "        s = {k: v.value.to_numpy() for k, v in chain.groupby('series')}\n"
            "        rows.append({'chain': f'{graph}_g{gamma}', 'mean k (plotted trace)': s['k'].mean(),\n"
            "                     'k 5%': np.quantile(s['k'], 0.05), 'k 95%': np.quantile(s['k'], 0.95),\n"
            "                     'RMSE of the mean': np.sqrt(np.mean((s['ell_mean'] - truth) ** 2)),\n"
            "                     'coverage of the band': np.mean((s['ell_lo'] <= truth) & (truth <= s['ell_hi']))})\n"
            "display(pd.DataFrame(rows))")),
        code("display(show('fig3'))\ndisplay(show('fig4'))"),
        md("## Figure 5: MNIST 4 vs 9, timing and accuracy\n\n"
           "One row per (method, size): eigensolve and sweeps timed separately; the graph build (shared, excluded) "
           "is `t_graph`."),
        code(either(
            "scaling = pd.read_csv(RES / 'mnist' / 'scaling.csv')\n"
            "display(scaling[['method', 'n_nodes', 't_eig', 't_mcmc', 't_total', 't_graph', 'test_error', 'k_mean',\n"
            "                 'K_max', 'n_reject_kmax', 'blas_threads']])",
            "display(plotted('fig5').pivot_table(index=['method', 'n'], columns='quantity', values='value'))") + "\n"
             "show('fig5')"),
        md("## Figures 6-10: object tracking on the 100 x 100 x 9 grid graph"),
        code("for k in (6, 7, 8, 9, 10):\n"
             "    display(Markdown(f'### Figure {k}'))\n"
             "    display(show(f'fig{k}'))\n"
             "display(Markdown('### Convergence of the tracking chains (ours)'))\n"
             "display(show('fig8_convergence'))"),
        code(either(
            "tr, meta = load_npz(RES / 'mcmc' / 'tracking.npz')\n"
            "print('pooled mean k', float(tr['k_mean']), '; ms per sweep', 1e3 * float(tr['t_per_sweep']))\n"
            "print('split R-hat: k', float(tr['rhat_k']), ', log c', float(tr['rhat_logc']), ', log p(D|f)',\n"
            "      float(tr['rhat_loglik']))\n"
            "display(pd.DataFrame({'k0': tr['chain_k0'], 'c0': tr['chain_c0'], 'mean k': tr['chain_k_mean']}))\n"
            "display(pd.DataFrame({'frame': np.arange(1, 10), 'pixel error': tr['frame_error'],\n"
            "                      'error on unobserved pixels': tr['frame_error_unobserved']}))",
            "# the width of the 95 % credible band per frame (Fig. 10)\n"
            "display(plotted('fig10').groupby('frame').ci_width.agg(['mean', 'max']))")),
        *scorecard_cells(),
    ]
    return finish(nb)
