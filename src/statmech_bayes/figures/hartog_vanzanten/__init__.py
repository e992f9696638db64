"""Hartog & van Zanten 2018, Bayesian label prediction on a large graph with a truncated Laplacian prior and
reversible-jump MCMC (Figs 1-10)."""

PAPER = ("Hartog & van Zanten 2018, Nonparametric Bayesian label prediction on a large graph using truncated "
         "Laplacian regularization, arXiv:1804.07262")
PREFIX = "hvz"
FIGURES = tuple(f"fig{k}" for k in range(1, 11))
SMOKE_FIGURES = ("fig1",)
