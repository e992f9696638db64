"""Replication of five papers on the statistical mechanics of Bayesian learning.

Subpackages: ``core`` (seeding, provenance-stamped atomic I/O, plot style, claims),
``graphs`` (random graph ensembles and graph operators) and one subpackage per topic.
"""

__version__ = "0.1.0"
