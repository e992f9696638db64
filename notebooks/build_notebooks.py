"""Write the per-paper notebooks (kept as code so their cells stay reviewable in diffs).

Run ``python notebooks/build_notebooks.py`` after editing; the .ipynb files are committed unexecuted.
"""
from pathlib import Path

import nbformat as nbf

HERE = Path(__file__).resolve().parent


def header(title: str, paper: str) -> list:
    """The cells every paper's notebook starts with: title, paths, and a figure-plus-claims viewer."""
    md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
    return [
        md(f"# {title}\n\n"
           "Reads the cached results and figures written by the workflow; recomputes nothing. "
           "Set `STATMECH_OUTPUT_ROOT` to the workflow's `output_root` (default: the repository root, "
           "i.e. the paper-scale outputs; `quick` for the quick configuration)."),
        code("import json, os\nfrom pathlib import Path\n\nimport numpy as np\nimport pandas as pd\n"
             "from IPython.display import Image, Markdown, display\n\n"
             "from statmech_bayes.core.atomic_io import load_npz\n\n"
             "REPO = Path.cwd().parent if Path.cwd().name == 'notebooks' else Path.cwd()\n"
             "ROOT = (REPO / os.environ.get('STATMECH_OUTPUT_ROOT', '.')).resolve()\n"
             f"FIG, RES = ROOT / 'figures' / '{paper}', ROOT / 'results' / '{paper}'\n"
             "print(ROOT)"),
        code("def show(name):\n"
             "    display(Image(filename=str(FIG / f'{name}.png')))\n"
             "    doc = json.loads((FIG / f'{name}.claims.json').read_text())\n"
             "    display(Markdown(f\"**{doc['n_passed']}/{doc['n_claims']} claims pass** \"\n"
             "                     f\"(commit `{doc['provenance'].get('git_commit', '?')}`)\"))\n"
             "    return pd.DataFrame(doc['claims'])[['claim', 'reproduced', 'tolerance', 'passed']]"),
    ]


def finish(nb: nbf.NotebookNode) -> nbf.NotebookNode:
    """Kernel metadata and stable cell ids, so that rebuilding an unchanged notebook changes no byte."""
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    for i, cell in enumerate(nb.cells):
        cell.id = f"cell-{i:02d}"
    return nb


def urry_sollich() -> nbf.NotebookNode:
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
        code("pd.read_csv(ROOT / 'figures' / 'scorecard.csv')[['figure', 'claim', 'reproduced', 'passed']]"),
    ]
    return finish(nb)


def sollich_halees() -> nbf.NotebookNode:
    nb = nbf.v4.new_notebook()
    md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
    nb.cells = [
        *header("Sollich & Halees 2002: learning curves for GP regression, approximations and bounds (Figs 1-10)",
                "sollich_halees"),
        md("## The eigenvalue spectra (App. C)\n\n"
           "Each scenario's distinct eigenvalues with multiplicities; `tr Λ` is checked against the kernel's "
           "known prior variance `C(x,x)`; OU spectra end in a continuous tail (quadrature nodes)."),
        code("rows = []\n"
             "for f in sorted((RES / 'spectra').glob('*.npz')):\n"
             "    s, _ = load_npz(f)\n"
             "    rows.append({'scenario': f.stem, 'levels': s['lam'].size, 'tail nodes': int((~s['explicit']).sum()),\n"
             "                 'tr Lambda': s['lam'] @ s['mult'], 'C(x,x)': float(s['prior_variance']),\n"
             "                 'rel. difference': float(s['trace_rel_error']), 'largest lambda': s['lam'][0]})\n"
             "pd.DataFrame(rows)"),
        md("## Figures 1 and 2: prior samples and posterior variance"),
        code("display(show('fig1'))\ndisplay(show('fig2'))"),
        md("## Figures 3-7: learning curves, approximations and bounds\n\n"
           "`results/sollich_halees/sims/<scenario>.npz` holds every simulated data set's curve "
           "`eps[sigma2, data set, n]`; `theory/<scenario>.npz` every approximation and bound."),
        code("for k in (3, 4, 5, 6, 7):\n"
             "    display(Markdown(f'### Figure {k}'))\n"
             "    display(show(f'fig{k}'))"),
        code("# Simulated truth against LC and UC at a few n, with standard errors and the image count used\n"
             "rows = []\n"
             "for f in sorted((RES / 'sims').glob('*.npz')):\n"
             "    sm, _ = load_npz(f)\n"
             "    th, _ = load_npz(RES / 'theory' / f.name)\n"
             "    for i, s2 in enumerate(sm['sigma2']):\n"
             "        e = sm['eps'][i]\n"
             "        m, se = e.mean(0), e.std(0, ddof=1) / np.sqrt(e.shape[0])\n"
             "        for n in (1, 10, 100, e.shape[1] - 1):\n"
             "            rows.append({'scenario': f.stem, 'sigma2': s2, 'n': n, 'Sim': m[n], 'SE': se[n],\n"
             "                         'LC': th['LC'][i][n], 'UC': th['UC'][i][n], 'images R': int(sm['R_images'])})\n"
             "pd.DataFrame(rows)"),
        md("## Figure 8: the discrete-n correction"),
        code("show('fig8')"),
        md("## Figures 9 and 10: the degenerate scenario (Section 5)"),
        code("display(show('fig9'))\ndisplay(show('fig10'))"),
        code("deg, _ = load_npz(RES / 'degenerate.npz')\n"
             "n = deg['n'].astype(int)\n"
             "pd.DataFrame({'n': n, 'Deg (Fig 9)': deg['fig9_deg'], 'OV': deg['fig9_ov'],\n"
             "              'eq. 31 exact': deg['eq31_exact'], 'eq. 31 formula': deg['eq31_formula']}).iloc[::25]"),
        md("## Scorecard (this paper)"),
        code("rows = []\n"
             "for k in range(1, 11):\n"
             "    doc = json.loads((FIG / f'fig{k}.claims.json').read_text())\n"
             "    rows += [{'figure': doc['figure'], 'claim': c['claim'], 'reproduced': c['reproduced'],\n"
             "              'passed': c['passed']} for c in doc['claims']]\n"
             "table = pd.DataFrame(rows)\n"
             "print(f\"{int(table.passed.sum())}/{len(table)} claims pass\")\n"
             "table[~table.passed]"),
    ]
    return finish(nb)


if __name__ == "__main__":
    nbf.write(urry_sollich(), HERE / "urry_sollich.ipynb")
    nbf.write(sollich_halees(), HERE / "sollich_halees.ipynb")
