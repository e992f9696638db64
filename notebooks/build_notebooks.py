"""Write every registered paper's notebook from its source, ``notebooks/source/<paper>.py``.

``python notebooks/build_notebooks.py`` after editing a source writes the notebooks without outputs;
``python notebooks/build_notebooks.py --execute [paper ...]`` also runs them against the outputs selected by
``STATMECH_OUTPUT_ROOT`` (unset: the paper-scale ``figures/`` and ``results/``) and saves their outputs, as they
are committed. Volatile metadata (execution timestamps, interpreter version) is not saved, so re-executing on the
same outputs changes no byte. Adding a paper adds its source file.
"""
import argparse
import importlib
import sys
from pathlib import Path

import nbformat as nbf

from statmech_bayes.pipeline.registry import papers

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def build(key: str) -> nbf.NotebookNode:
    return importlib.import_module(f"source.{key}").build()


def execute(nb: nbf.NotebookNode, timeout: int = 600) -> nbf.NotebookNode:
    """Run ``nb`` in a fresh kernel started in ``notebooks/`` (as Jupyter does) and drop volatile metadata."""
    from nbclient import NotebookClient

    NotebookClient(nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(HERE)}}).execute()
    return strip_volatile(nb)


def strip_volatile(nb: nbf.NotebookNode) -> nbf.NotebookNode:
    nb.metadata.pop("widgets", None)
    nb.metadata["language_info"] = {"name": "python"}
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    return nb


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--execute", action="store_true", help="run each notebook and save its outputs")
    parser.add_argument("papers", nargs="*", help="only these papers (default: every registered paper)")
    args = parser.parse_args()
    keys = args.papers or list(papers())
    for key in keys:
        nb = build(key)
        if args.execute:
            nb = execute(nb)
        nbf.write(nb, HERE / f"{key}.ipynb")
        print(f"wrote notebooks/{key}.ipynb" + (" (executed)" if args.execute else ""))
