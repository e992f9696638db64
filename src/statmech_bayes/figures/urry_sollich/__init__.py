"""Urry & Sollich 2013, random walk kernels and GP learning curves on random graphs."""

PAPER = "Urry & Sollich 2013, JMLR 14:1801-1835"
PREFIX = "us"
FIGURES = tuple(f"fig{k}" for k in range(1, 13))
SMOKE_FIGURES = ("fig1",)
