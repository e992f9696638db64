"""Figure 12: as Figure 11 with a locally normalised student and a globally normalised teacher."""

from statmech_bayes.figures.urry_sollich import fig11


def make(inputs: dict, us: dict):
    return fig11.make(inputs, us, name="fig12")
