"""What every paper's notebook shares: title, paths, and a figure-plus-claims viewer."""
import nbformat as nbf


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
             "    c = doc['counts']\n"
             "    display(Markdown(f\"**{c['reproduced']}/{doc['n_claims']} claims reproduced**, {c['findings']} findings, \"\n"
             "                     f\"{c['inconclusive']} inconclusive, {c['unexplained']} unexplained failures \"\n"
             "                     f\"(commit `{doc['provenance'].get('git_commit', '?')}`)\"))\n"
             "    return pd.DataFrame(doc['claims'])[['claim', 'reproduced', 'tolerance', 'verdict', 'finding']]"),
    ]


def finish(nb: nbf.NotebookNode) -> nbf.NotebookNode:
    """Kernel metadata and stable cell ids, so that rebuilding an unchanged notebook changes no byte."""
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    for i, cell in enumerate(nb.cells):
        cell.id = f"cell-{i:02d}"
    return nb


def scorecard_cells() -> list:
    """The closing cells of a paper's notebook: every claim of its figures and the ones that did not pass."""
    md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
    return [
        md("## Scorecard (this paper)"),
        code("rows = []\n"
             "for path in sorted(FIG.glob('*.claims.json')):\n"
             "    doc = json.loads(path.read_text())\n"
             "    rows += [{'figure': doc['figure'], 'claim': c['claim'], 'reproduced': c['reproduced'],\n"
             "              'verdict': c['verdict'], 'finding': c['finding']} for c in doc['claims']]\n"
             "table = pd.DataFrame(rows)\n"
             "print(table.verdict.value_counts().to_string())\n"
             "table[table.verdict != 'pass']"),
    ]
