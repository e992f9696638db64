"""What every paper's notebook shares: title, paths, and a figure-plus-claims viewer."""
import nbformat as nbf


def header(title: str, paper: str) -> list:
    """The cells every paper's notebook starts with: title, paths, and a figure-plus-claims viewer."""
    md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
    return [
        md(f"# {title}\n\n"
           "Reads what the workflow wrote; recomputes nothing. The committed `figures/` (each figure's image, "
           "plotted data `figN.csv` and claims `figN.claims.json`) is always there, so the notebook runs in a fresh "
           "clone; where a build has written the cached intermediates in `results/` too, the cells below also show "
           "them, and otherwise show the same quantities from the plotted data.\n\n"
           "`STATMECH_OUTPUT_ROOT` selects the build: unset for the paper-scale outputs (the repository root), "
           "`quick` for the quick configuration's `quick/` (from the repository: "
           "`STATMECH_OUTPUT_ROOT=quick jupyter lab notebooks/`). The smoke build makes one figure per paper, too few "
           "for this notebook: it says so and stops. The outputs saved in this notebook come from the paper-scale "
           "build."),
        code("import json, os\nfrom pathlib import Path\n\n"
             "import numpy as np\nimport pandas as pd\n"
             "from IPython.display import Image, Markdown, display\n\n"
             "from statmech_bayes.core.atomic_io import load_npz\n\n"
             "REPO = (Path.cwd().parent if Path.cwd().name == 'notebooks' else Path.cwd()).resolve()\n"
             "ROOT = (REPO / os.environ.get('STATMECH_OUTPUT_ROOT', '.')).resolve()\n"
             f"FIG, RES = ROOT / 'figures' / '{paper}', ROOT / 'results' / '{paper}'\n"
             "CACHED = RES.is_dir()  # the cached intermediates of a build (never committed)\n"
             "from statmech_bayes.pipeline.registry import papers\n"
             f"_missing = [n for n in papers()['{paper}'].figures if not (FIG / f'{{n}}.png').exists()]\n"
             "if _missing:\n"
             "    raise RuntimeError(f'{os.path.relpath(FIG, REPO)} lacks {_missing}: this notebook reads every figure of '\n"
             "                       'the paper, from the paper-scale build (the committed figures/; leave STATMECH_OUTPUT_ROOT '\n"
             "                       'unset) or the quick build (STATMECH_OUTPUT_ROOT=quick after `snakemake --cores 2 '\n"
             "                       '--configfile workflow/config/quick.yaml`); the smoke build makes one figure per paper')\n"
             "print('figures:', os.path.relpath(FIG, REPO))\n"
             "print('cached results:', os.path.relpath(RES, REPO) if CACHED else 'absent: reading the plotted data only')"),
        code("def show(name):\n"
             "    display(Image(filename=str(FIG / f'{name}.png')))\n"
             "    doc = json.loads((FIG / f'{name}.claims.json').read_text())\n"
             "    c = doc['counts']\n"
             "    results = doc['n_claims'] - c['ours'] - c.get('setup', 0)\n"
             "    display(Markdown(f\"**{c['reproduced']}/{results} results pass** (reproduced only where every \"\n"
             "                     f\"negative control fails too: the paper's page) \"\n"
             "                     f\"({c.get('known', 0)} more proven before the paper), {c['findings']} findings, \"\n"
             "                     f\"inconclusive: {c['inconclusive_noise']} noise, {c['inconclusive_wording']} wording, \"\n"
             "                     f\"{c.get('inconclusive_unconverged', 0)} unconverged, \"\n"
             "                     f\"{c.get('inconclusive_unstated', 0)} unstated setup; {c['unexplained']} failures \"\n"
             "                     f\"without a finding (the scorecard names those with a settled cause); {c.get('setup', 0)} set-up facts, {c['ours']} checks of our own\"))\n"
             "    return pd.DataFrame(doc['claims'], columns=['claim', 'kind', 'reproduced', 'tolerance', 'verdict',\n"
             "                                                'reason', 'finding'])\n\n\n"
             "def cached(pattern):\n"
             "    \"\"\"The files of a build's cached results matching `pattern` (sorted); an error if it made none.\"\"\"\n"
             "    found = sorted(RES.glob(pattern))\n"
             "    if not found:\n"
             "        raise FileNotFoundError(2, 'no cached results', str(RES / pattern))\n"
             "    return found\n\n\n"
             "def plotted(name):\n"
             "    \"\"\"Exactly the data plotted in figure `name` (committed beside its image).\"\"\"\n"
             "    return pd.read_csv(FIG / f'{name}.csv')"),
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
             "    rows += [{'figure': doc['figure'], 'claim': c['claim'], 'kind': c['kind'], 'reproduced': c['reproduced'],\n"
             "              'verdict': c['verdict'], 'reason': c['reason'], 'finding': c['finding'],\n"
             "              'proof': c['finding_test']} for c in doc['claims']]\n"
             "table = pd.DataFrame(rows)\n"
             "print(table.verdict.value_counts().to_string())\n"
             "table[table.verdict != 'pass']"),
    ]


def either(cached: str, plotted: str) -> str:
    """A cell's code: ``cached`` when the build's results/ hold what it reads, else ``plotted`` (from figures/
    alone: a clone, or a build that has not made these files yet). Both must display what they show (the last
    expression of a branch is not displayed)."""
    def indent(code, depth):
        return "\n".join(" " * depth + line if line else line for line in code.strip("\n").split("\n"))
    return ("from_results = False\n"
            "if CACHED:\n"
            "    try:\n"
            f"{indent(cached, 8)}\n"
            "        from_results = True\n"
            "    except FileNotFoundError as missing:\n"
            "        print('not built yet:', os.path.relpath(missing.filename, REPO), '(showing the plotted data)')\n"
            "if not from_results:\n"
            f"{indent(plotted, 4)}")
