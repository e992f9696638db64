"""Uda & Kabashima 2005, the sparse Bayesian classifier: replica theory and belief propagation (Figs 1-6, Table 1)."""

PAPER = "Uda & Kabashima 2005, J. Phys. Soc. Jpn. 74:2233-2242"
PREFIX = "uk"
FIGURES = ("fig1", "fig2", "fig3", "fig4", "table1", "fig5", "fig6")
SMOKE_FIGURES = ("fig1",)
