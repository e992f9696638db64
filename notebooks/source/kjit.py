"""The kjit notebook (Jitkrittum et al. 2015), as code so that its cells stay reviewable in diffs."""
import nbformat as nbf

from source.common import either, finish, header, scorecard_cells


def build() -> nbf.NotebookNode:
    nb = nbf.v4.new_notebook()
    md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
    nb.cells = [
        *header("Jitkrittum et al. 2015: kernel-based just-in-time learning for passing EP messages "
                "(Figs 1-10, S1, S2, App. C)", "kjit"),
        md("## Figures 1 and 2: incoming messages on the UCI sets, the factor graph"),
        code("display(show('fig1'))\ndisplay(show('fig2'))"),
        md("## Experiments 1-2 (Figs 3, 4, 10 and the App. C table)\n\n"
           "`results/kjit/exp1_fit.npz` holds the LOOCV grid, every message's log KL and log predictive variance, "
           "and the uncertainty along the two test lines for the kernel operator and the forest."),
        code(either(
            "fit, _ = load_npz(RES / 'exp1_fit.npz')\n"
            "print('LOOCV (medf, lambda) per output:', fit['best_medf'], fit['best_lambda'])\n"
            "display(pd.DataFrame({'method': fit['table_method'], 'mean log KL': fit['table_mean_log_kl'],\n"
            "                      'sd': fit['table_sd_log_kl']}))",
            "# the App. C table as plotted (Fig. 13): the paper's numbers beside ours\n"
            "display(plotted('fig13'))")),
        code("for k in (3, 4, 10, 13):\n"
             "    display(Markdown(f'### Figure {k}'))\n"
             "    display(show(f'fig{k}'))"),
        md("## Experiment 3 (Figs 5, 6): 30 problems, quadrature, sampling-only and sampling + KJIT"),
        code(either(
            "kj, _ = load_npz(RES / 'exp3' / 'kjit.npz')\n"
            "quad, _ = load_npz(RES / 'exp3' / 'quadrature.npz')\n"
            "samp = [load_npz(p)[0] for p in cached('exp3/sampling/slice*.npz')]\n"
            "t_s = np.concatenate([s['time_ms'] for s in samp])[np.argsort(np.concatenate([s['problem'] for s in samp]))]\n"
            "display(pd.DataFrame({'quadrature ms': quad['time_ms'], 'sampling ms': t_s, 'KJIT ms': kj['time_ms'],\n"
            "                      'sampling / KJIT': t_s / kj['time_ms'], 'oracle calls (KJIT)': kj['oracle_calls'],\n"
            "                      'error KJIT': kj['error'], 'error quadrature': quad['error']}))",
            "d = plotted('fig6').pivot_table(index='problem', columns='method', values=['time_ms', 'error'])\n"
            "d[('time_ms', 'sampling / KJIT')] = d.time_ms.sampling / d.time_ms.kjit\n"
            "display(d)")),
        code("display(show('fig5'))\ndisplay(show('fig6'))"),
        md("## Experiment 4 (Fig. 7): compound gamma"),
        code(either(
            "e4, _ = load_npz(RES / 'exp4.npz')\n"
            "print('oracle consultations:', int(e4['consulted'].sum()), 'of', e4['consulted'].size)",
            "e4 = plotted('fig7')\n"
            "print('oracle consultations:', int(e4.consulted.sum()), 'of', len(e4))") + "\n"
             "show('fig7')"),
        md("## Experiment 5 (Figs 8, 9): the UCI sequence"),
        code(either(
            "e5, _ = load_npz(RES / 'exp5' / 'kjit.npz')\n"
            "display(pd.DataFrame({'data set': e5['names'], 'KJIT ms': e5['time_ms'], 'test error': e5['test_error'],\n"
            "                      'oracle calls': e5['oracle_calls']}))",
            "display(plotted('fig9').pivot_table(index='dataset', columns='method', values=['test_error', 'time_ms']))")),
        code("display(show('fig8'))\ndisplay(show('fig9'))"),
        md("## Supplementary S1, S2 (registered as fig11, fig12)"),
        code("display(show('fig11'))\ndisplay(show('fig12'))"),
        *scorecard_cells(),
    ]
    return finish(nb)
