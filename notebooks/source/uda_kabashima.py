"""The uda_kabashima notebook, as code so that its cells stay reviewable in diffs."""
import nbformat as nbf

from source.common import either, finish, header, scorecard_cells


def build() -> nbf.NotebookNode:
    nb = nbf.v4.new_notebook()
    md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
    nb.cells = [
        *header("Uda & Kabashima 2005: the sparse Bayesian classifier by replica theory and belief propagation "
                "(Figs 1-6, Table 1)", "uda_kabashima"),
        md("## Figure 1: the replica-symmetric saddle point\n\n"
           "`results/uda_kabashima/rs_fig1.npz` holds one RS solve per `(C_t, C)`: order parameters and both errors."),
        code("display(show('fig1'))\n" + either(
            "rs, _ = load_npz(RES / 'rs_fig1.npz')\n"
            "rows = []\n"
            "for i, Ct in enumerate(rs['Ct']):\n"
            "    j = int(np.argmin(np.abs(rs['C'] - Ct)))\n"
            "    rows.append({'C_t': Ct, 'argmin eps_SBC': rs['C'][rs['eps_sbc'][i].argmin()],\n"
            "                 'min eps_SBC': rs['eps_sbc'][i].min(), 'argmin eps_Gibbs': rs['C'][rs['eps_gibbs'][i].argmin()],\n"
            "                 'Q at C_t': rs['Q'][i, j], 'R at C_t': rs['R'][i, j]})\n"
            "display(pd.DataFrame(rows))",
            "# the minimum of each plotted curve (panel SBC or Gibbs, one curve per C_t)\n"
            "d = plotted('fig1')\n"
            "display(d.loc[d.groupby(['panel', 'Ct']).eps.idxmin()].rename(columns={'C': 'argmin C', 'eps': 'min eps'}))")),
        md("## Figure 2: the factor graph"),
        code("show('fig2')"),
        md("## Figure 3: BP dynamics against state evolution\n\n"
           "`fig3_bp/chunk*.npz`: per-run error after every update; `state_evolution.npz`: the theory lines (Eq. 52, "
           "and the printed Eq. 53), and the RS saddle point."),
        code("display(show('fig3'))\n" + either(
            "se, _ = load_npz(RES / 'state_evolution.npz')\n"
            "eps = np.concatenate([load_npz(p)[0]['eps'] for p in cached('fig3_bp/chunk*.npz')], axis=1)\n"
            "display(pd.DataFrame({'C': se['C'], 'BP final (mean)': eps[:, :, -1].mean(1), 'SE (52) final': se['eps'][:, -1],\n"
            "                      'SE (53) final': se['eps_eq53'][:, -1], 'RS': se['rs_eps']}))",
            "# the last update plotted: BP's mean and 95 % half width, and the state evolution (Eq. 52)\n"
            "d = plotted('fig3')\n"
            "display(d[d.t == d.t.max()].pivot_table(index='C', columns='series', values='eps'))")),
        code(either(
            "b, _ = load_npz(RES / 'bp_update_benchmark.npz')\n"
            "print(f\"one BP update {1e3 * b['t_update']:.2f} ms, two mat-vecs {1e3 * b['t_matvec2']:.2f} ms, \"\n"
            "      f\"ratio {float(b['ratio']):.2f}\")",
            "b = json.loads((FIG / 'fig3.claims.json').read_text())['notes']['bp_update_cost']\n"
            "print(f\"one BP update {b['ms_per_update']:.2f} ms, two mat-vecs {b['ms_two_matvecs']:.2f} ms, \"\n"
            "      f\"ratio {b['ratio']:.2f}\")")),
        md("## Figure 4: the leave-one-out error"),
        code("display(show('fig4'))\n" + either(
            "parts = [load_npz(p)[0] for p in cached('fig4_bp/chunk*.npz')]\n"
            "f4 = {k: np.concatenate([p[k] for p in parts], axis=1) for k in ('eps', 'looe', 'converged')}\n"
            "display(pd.DataFrame({'C': parts[0]['C'], 'BP eps': f4['eps'].mean(1), 'LOOE': f4['looe'].mean(1),\n"
            "                      'converged': f4['converged'].mean(1)}))",
            "d = plotted('fig4')\n"
            "t = d.pivot_table(index='C', columns='series', values='eps')\n"
            "t['converged'] = d[d.series == 'BP_eps'].set_index('C').converged_fraction\n"
            "display(t.dropna(subset=['BP_eps']))")),
        md("## Table 1 and Figures 5-6: colon cancer\n\n"
           "`colon/summary.npz` holds every split's selection and test errors; `table1.md` the Markdown table."),
        code("display(show('table1'))\n"
             "display(Markdown((FIG / 'table1.md').read_text()))"),
        code("display(show('fig5'))\ndisplay(show('fig6'))"),
        code(either(
            "s, _ = load_npz(RES / 'colon' / 'summary.npz')\n"
            "display(pd.DataFrame({k: s[k] for k in ('err_sbc', 'sel_C', 'sel_kappa', 'err_sbl', 'err_fda', 'err_sbc_k04',\n"
            "                                        'err_white', 'err_majority')}).describe())",
            "# the per-split errors are cached in results/; the table's statistics and the selection histograms:\n"
            "d = plotted('table1')\n"
            "display(d.dropna(subset=['value']).pivot_table(index='method', columns='statistic', values='value', sort=False))\n"
            "display(pd.concat({'C': plotted('fig5'), 'kappa': plotted('fig6')}, names=['selected']))")),
        *scorecard_cells(),
    ]
    return finish(nb)
