"""The sollich_halees notebook, as code so that its cells stay reviewable in diffs."""
import nbformat as nbf

from source.common import either, finish, header, scorecard_cells


def build() -> nbf.NotebookNode:
    nb = nbf.v4.new_notebook()
    md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
    nb.cells = [
        *header("Sollich & Halees 2002: learning curves for GP regression, approximations and bounds (Figs 1-10)",
                "sollich_halees"),
        md("## The eigenvalue spectra (App. C)\n\n"
           "Each scenario's distinct eigenvalues with multiplicities; `tr Λ` is checked against the kernel's "
           "known prior variance `C(x,x)`; OU spectra end in a continuous tail (quadrature nodes)."),
        code(either(
            "rows = []\n"
            "for f in cached('spectra/*.npz'):\n"
            "    s, _ = load_npz(f)\n"
            "    rows.append({'scenario': f.stem, 'levels': s['lam'].size, 'tail nodes': int((~s['explicit']).sum()),\n"
            "                 'tr Lambda': s['lam'] @ s['mult'], 'C(x,x)': float(s['prior_variance']),\n"
            "                 'rel. difference': float(s['trace_rel_error']), 'largest lambda': s['lam'][0]})\n"
            "display(pd.DataFrame(rows))",
            "# The spectra are cached intermediates (results/sollich_halees/spectra/): a build writes them. The plotted\n"
            "# data name the scenarios and curves of each figure:\n"
            "curves = pd.concat({k: plotted(f'fig{k}') for k in (3, 4, 5, 6, 7, 8, 9, 10)}, names=['figure'])\n"
            "display(curves.groupby(['figure', 'panel']).agg(sigma2=('sigma2', 'unique'), curves=('curve', 'unique'),\n"
            "                                               n_max=('n', 'max')))")),
        md("## Figures 1 and 2: prior samples and posterior variance"),
        code("display(show('fig1'))\ndisplay(show('fig2'))"),
        md("## Figures 3-7: learning curves, approximations and bounds\n\n"
           "`results/sollich_halees/sims/<scenario>.npz` holds every simulated data set's curve "
           "`eps[sigma2, data set, n]`; `theory/<scenario>.npz` every approximation and bound."),
        code("for k in (3, 4, 5, 6, 7):\n"
             "    display(Markdown(f'### Figure {k}'))\n"
             "    display(show(f'fig{k}'))"),
        code("# Simulated truth against LC and UC at a few n, with standard errors\n" + either(
            "rows = []\n"
            "for f in cached('sims/*.npz'):\n"
            "    sm, _ = load_npz(f)\n"
            "    th, _ = load_npz(RES / 'theory' / f.name)\n"
            "    for i, s2 in enumerate(sm['sigma2']):\n"
            "        e = sm['eps'][i]\n"
            "        m, se = e.mean(0), e.std(0, ddof=1) / np.sqrt(e.shape[0])\n"
            "        for n in (1, 10, 100, e.shape[1] - 1):\n"
            "            rows.append({'scenario': f.stem, 'sigma2': s2, 'n': n, 'Sim': m[n], 'SE': se[n],\n"
            "                         'LC': th['LC'][i][n], 'UC': th['UC'][i][n], 'images R': int(sm['R_images'])})\n"
            "display(pd.DataFrame(rows))",
            "d = pd.concat([plotted(f'fig{k}') for k in (3, 4, 5, 6, 7)])\n"
            "d = d[d.curve.isin(['Sim', 'Sim_stderr', 'LC', 'UC'])].drop_duplicates(['panel', 'curve', 'sigma2', 'n'])\n"
            "t = d.pivot_table(index=['panel', 'sigma2', 'n'], columns='curve', values='eps').reset_index()\n"
            "n_max = t.groupby(['panel', 'sigma2']).n.transform('max')\n"
            "display(t[t.n.isin([1, 10, 100]) | (t.n == n_max)].set_index(['panel', 'sigma2', 'n'])\n"
            "        [['Sim', 'Sim_stderr', 'LC', 'UC']])")),
        md("## Figure 8: the discrete-n correction"),
        code("show('fig8')"),
        md("## Figures 9 and 10: the degenerate scenario (Section 5)"),
        code("display(show('fig9'))\ndisplay(show('fig10'))"),
        code(either(
            "deg, _ = load_npz(RES / 'degenerate.npz')\n"
            "n = deg['n'].astype(int)\n"
            "display(pd.DataFrame({'n': n, 'Deg (Fig 9)': deg['fig9_deg'], 'OV': deg['fig9_ov'],\n"
            "                      'eq. 31 exact': deg['eq31_exact'], 'eq. 31 formula': deg['eq31_formula']}).iloc[::25])",
            "display(plotted('fig9').pivot_table(index='n', columns='curve', values='eps').iloc[::25])")),
        *scorecard_cells(),
    ]
    return finish(nb)
