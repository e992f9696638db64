"""Write every registered paper's notebook from its source, ``notebooks/source/<paper>.py``.

Run ``python notebooks/build_notebooks.py`` after editing a source; adding a paper adds its source file.
"""
import importlib
import sys
from pathlib import Path

import nbformat as nbf

from statmech_bayes.pipeline.registry import papers

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

if __name__ == "__main__":
    for key in papers():
        nbf.write(importlib.import_module(f"source.{key}").build(), HERE / f"{key}.ipynb")
