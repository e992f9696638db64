"""Hartog & van Zanten 2018, Bayesian label prediction on a large graph with a truncated Laplacian prior and
reversible-jump MCMC (Figs 1-10, and fig8_convergence: the tracking chains' traces, ours)."""

PAPER = ("Hartog & van Zanten 2018, Nonparametric Bayesian label prediction on a large graph using truncated "
         "Laplacian regularization, arXiv:1804.07262")
PREFIX = "hvz"
FIGURES = (*(f"fig{k}" for k in range(1, 9)), "fig8_convergence", "fig9", "fig10")
SMOKE_FIGURES = ("fig1",)
