"""Write the per-paper notebooks (kept as code so their cells stay reviewable in diffs).

Run ``python notebooks/build_notebooks.py`` after editing; the .ipynb files are committed unexecuted.
"""
from pathlib import Path

import nbformat as nbf

HERE = Path(__file__).resolve().parent


def urry_sollich() -> nbf.NotebookNode:
    nb = nbf.v4.new_notebook()
    md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
    nb.cells = [
        md("# Urry & Sollich 2013: random walk kernels and GP learning curves on random graphs\n\n"
           "Reads the cached results and figures written by the workflow; recomputes nothing. "
           "Set `STATMECH_OUTPUT_ROOT` to the workflow's `output_root` (default: the repository root, "
           "i.e. the paper-scale outputs; `quick` for the quick configuration)."),
        code("import json, os\nfrom pathlib import Path\n\nimport numpy as np\nimport pandas as pd\n"
             "from IPython.display import Image, Markdown, display\n\n"
             "from statmech_bayes.core.atomic_io import load_npz\n\n"
             "REPO = Path.cwd().parent if Path.cwd().name == 'notebooks' else Path.cwd()\n"
             "ROOT = (REPO / os.environ.get('STATMECH_OUTPUT_ROOT', '.')).resolve()\n"
             "FIG, RES = ROOT / 'figures' / 'urry_sollich', ROOT / 'results' / 'urry_sollich'\n"
             "print(ROOT)"),
        code("def show(name):\n"
             "    display(Image(filename=str(FIG / f'{name}.png')))\n"
             "    doc = json.loads((FIG / f'{name}.claims.json').read_text())\n"
             "    display(Markdown(f\"**{doc['n_passed']}/{doc['n_claims']} claims pass** \"\n"
             "                     f\"(commit `{doc['provenance'].get('git_commit', '?')}`)\"))\n"
             "    return pd.DataFrame(doc['claims'])[['claim', 'reproduced', 'tolerance', 'passed']]"),
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
        md("## Scorecard"),
        code("pd.read_csv(ROOT / 'figures' / 'scorecard.csv')[['figure', 'claim', 'reproduced', 'passed']]"),
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


if __name__ == "__main__":
    nbf.write(urry_sollich(), HERE / "urry_sollich.ipynb")
