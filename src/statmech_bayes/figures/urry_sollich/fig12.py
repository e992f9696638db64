"""Figure 12: as Figure 11 with a locally normalised student and a globally normalised teacher."""

from statmech_bayes.figures.urry_sollich import fig11

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("fig11.sigma2", "fig11.V", "fig11.N", "claims.fig11")  # fig11's: fig11.make draws this figure


def make(inputs: dict, us: dict):
    return fig11.make(inputs, us, name="fig12")
