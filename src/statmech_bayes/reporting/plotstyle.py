"""One plot style for the project; byte-stable PNG and PDF output.

The paper's line conventions recur across figures (simulation solid, cavity dashed, eigenvalue
approximation dotted), so they live here rather than in each script. Importing this module changes no
global matplotlib state: the backend is chosen by the caller (the figure rule uses Agg) and the style is
applied by :func:`use_style` when a figure is drawn.
"""

from __future__ import annotations

import matplotlib.pyplot as plt

from statmech_bayes.core.atomic_io import atomic_path

STYLE = {
    "figure.dpi": 100,
    "savefig.dpi": 150,
    "font.size": 9,
    "axes.labelsize": 10,
    "axes.titlesize": 10,
    "legend.fontsize": 8,
    "legend.frameon": False,
    "lines.linewidth": 1.2,
    "lines.markersize": 4,
    "axes.grid": False,
    "xtick.direction": "in",
    "ytick.direction": "in",
    "xtick.top": True,
    "ytick.right": True,
    "pdf.fonttype": 42,
    "svg.hashsalt": "statmech_bayes",
}

LINESTYLES = {"simulation": "-", "cavity": "--", "eigenvalue": ":", "analytic": "--"}


def use_style() -> None:
    plt.rcParams.update(STYLE)


def save_figure(fig, png_path, pdf_path, title: str = "") -> None:
    """Save ``fig`` atomically as PNG and PDF with fixed metadata (no dates), then close it."""
    with atomic_path(png_path) as tmp:
        fig.savefig(tmp, format="png", metadata={"Software": None, "Title": title})
    with atomic_path(pdf_path) as tmp:
        fig.savefig(tmp, format="pdf",
                    metadata={"CreationDate": None, "ModDate": None, "Producer": None,
                              "Creator": "statmech_bayes", "Title": title})
    plt.close(fig)


def note_box(ax, text: str, loc: str = "lower right") -> None:
    """A small annotation box for choices the paper leaves open (stated on the figure itself)."""
    from matplotlib.offsetbox import AnchoredText

    box = AnchoredText(text, loc=loc, prop={"size": 6.5}, frameon=True)
    box.patch.set_alpha(0.85)
    box.patch.set_edgecolor("0.7")
    ax.add_artist(box)


def footnote(fig, text: str, height: float = 0.07) -> tuple[float, float, float, float]:
    """The figure-wide note (choices the paper leaves open) under the panels, where it can hide no data.
    Returns the ``rect`` for ``fig.tight_layout`` that leaves room for it."""
    fig.text(0.5, 0.005, text, ha="center", va="bottom", fontsize=6.5, color="0.25")
    return (0, height, 1, 1)
