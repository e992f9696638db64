"""Sollich & Halees 2002, learning curves for GP regression: approximations and bounds (Figs 1-10)."""

PAPER = "Sollich & Halees 2002, Neural Computation 14:1393-1428"
PREFIX = "sh"
FIGURES = tuple(f"fig{k}" for k in range(1, 11))
SMOKE_FIGURES = ("fig3",)
