"""Write every registered paper's notebook from its source, ``notebooks/source/<paper>.py``.

``python notebooks/build_notebooks.py`` after editing a source writes the notebooks without outputs;
``python notebooks/build_notebooks.py --execute [paper ...]`` also runs them against the outputs selected by
``STATMECH_OUTPUT_ROOT`` (unset: the paper-scale ``figures/`` and ``results/``) and saves their outputs, as they
are committed. Volatile metadata (execution timestamps, interpreter version) is not saved, so re-executing on the
same outputs changes no byte. Adding a paper adds its source file.

The committed notebooks hold the outputs of the paper-scale build, whose cached ``results/`` are not in the
repository. So ``--execute`` writes ``notebooks/<paper>.ipynb`` only from that build (issue 46): it stops before
running anything when ``STATMECH_OUTPUT_ROOT`` selects another build or ``results/<paper>/`` is absent (a clone),
and leaves a notebook as it is when its run fell back to the plotted data for a result not built; each time it says
what is missing and how to build it. ``--out DIR`` writes the notebooks elsewhere, without these checks (e.g. to run
them on a quick build or on what a clone holds).
"""
import argparse
import importlib
import os
import sys
from pathlib import Path

import nbformat as nbf

from statmech_bayes.pipeline.registry import papers

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
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


def output_text(nb: nbf.NotebookNode) -> str:
    """The text a run of ``nb`` printed (its stream outputs)."""
    return "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
                   if o.get("output_type") == "stream")


def fallbacks(nb: nbf.NotebookNode) -> list[str]:
    """What an executed notebook did not read from the cached results: its "not built yet: <file>" lines and its
    "cached results: absent" line (see ``source/common.py``); empty when it read every cached result it shows."""
    return [line for line in output_text(nb).splitlines()
            if line.startswith("not built yet:") or line.startswith("cached results: absent")]


def build_command(key: str) -> str:
    """The command that builds ``key``'s figures at paper scale, with the cached results the notebook reads."""
    names = papers()[key].figures
    return f"snakemake --cores all figures/{key}/{{{','.join(names)}}}.png"


def paper_scale_problems(keys) -> list[str]:
    """Why the committed notebooks of ``keys`` cannot be executed here: one line each, empty when they can."""
    root = os.environ.get("STATMECH_OUTPUT_ROOT", ".") or "."
    if os.path.normpath(root) != ".":
        return [f"STATMECH_OUTPUT_ROOT={root} selects another build than the paper-scale one whose outputs the "
                "committed notebooks hold: unset it, or write these notebooks elsewhere with --out DIR (or open "
                f"them: STATMECH_OUTPUT_ROOT={root} jupyter lab notebooks/)"]
    return [f"results/{key}/ is absent (the paper-scale build's cached results, not in the repository): build "
            f"them first, `{build_command(key)}`" for key in keys if not (REPO / "results" / key).is_dir()]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--execute", action="store_true", help="run each notebook and save its outputs")
    parser.add_argument("--out", type=Path, default=HERE,
                        help="write the notebooks into this directory (default: notebooks/, the committed ones; "
                             "elsewhere, --execute runs on whatever build is there, unchecked)")
    parser.add_argument("papers", nargs="*", help="only these papers (default: every registered paper)")
    args = parser.parse_args(argv)
    keys = args.papers or list(papers())
    unknown = [k for k in keys if k not in papers()]
    if unknown:
        print(f"no paper {', '.join(unknown)}; the papers are {', '.join(papers())}", file=sys.stderr)
        return 2
    committed = args.out.resolve() == HERE
    again = "python notebooks/build_notebooks.py --execute" + "".join(f" {k}" for k in args.papers)
    if args.execute and committed:
        problems = paper_scale_problems(keys)
        if problems:
            print("not executed: the committed notebooks hold the outputs of the paper-scale build, and this tree "
                  "has not got it:\n" + "".join(f"  - {p}\n" for p in problems)
                  + f"every notebook is left as it is. Then run again: {again}\n"
                  "(the whole paper-scale build: `snakemake --cores all`, about 1 h 40 min on 2 cores; README)",
                  file=sys.stderr)
            return 2
    args.out.mkdir(parents=True, exist_ok=True)
    refused = []
    for key in keys:
        nb = build(key)
        if args.execute:
            nb = execute(nb)
            gaps = fallbacks(nb) if committed else []
            if gaps:
                refused.append(key)
                print(f"not written: notebooks/{key}.ipynb (left as it is) ran on an incomplete paper-scale build, "
                      "reading the plotted data instead of:\n" + "".join(f"  {g}\n" for g in gaps[:10])
                      + (f"  ... ({len(gaps) - 10} more)\n" if len(gaps) > 10 else "")
                      + f"build them first: `{build_command(key)}`", file=sys.stderr)
                continue
        nbf.write(nb, args.out / f"{key}.ipynb")
        shown = f"notebooks/{key}.ipynb" if committed else str(args.out / f"{key}.ipynb")
        print(f"wrote {shown}" + (" (executed)" if args.execute else ""))
    if refused:
        print(f"then run again: python notebooks/build_notebooks.py --execute {' '.join(refused)}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
