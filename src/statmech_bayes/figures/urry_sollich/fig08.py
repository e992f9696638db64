"""Figure 8: mismatched learning curves, student locally / teacher globally normalised (simulation)."""

from statmech_bayes.figures.urry_sollich import fig07


def make(inputs: dict, us: dict):
    return fig07.make(inputs, us, pairing="local/global", name="fig8")
