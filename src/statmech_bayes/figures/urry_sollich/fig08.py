"""Figure 8: mismatched learning curves, student locally / teacher globally normalised (simulation)."""

from statmech_bayes.figures.urry_sollich import fig07

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("sims.V", "claims.mismatch")  # fig07's: fig07.make draws this figure


def make(inputs: dict, us: dict):
    return fig07.make(inputs, us, pairing="local/global", name="fig8")
