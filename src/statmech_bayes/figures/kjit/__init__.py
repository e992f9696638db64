"""Jitkrittum et al. 2015, kernel-based just-in-time learning for passing EP messages (Figs 1-10, S1, S2, App. C).

The supplementary items are registered under the figure-name pattern ``figNN``: ``fig11`` = Fig. S1 (App. B.3),
``fig12`` = Fig. S2 (App. B.6), ``fig13`` = the App. C table of alternatives (drawn as a table figure).
"""

TITLE = "Jitkrittum et al. 2015"
PAPER = "Jitkrittum, Gretton, Heess, Eslami, Lakshminarayanan, Sejdinovic, Szabo 2015, UAI 2015 (KJIT)"
PREFIX = "kj"
FIGURES = tuple(f"fig{k}" for k in range(1, 14))
SMOKE_FIGURES = ("fig2",)
