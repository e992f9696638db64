# Sollich & Halees 2002: configuration aliases and one path helper per cached artefact, used by the rule
# that writes it and by every rule that reads it. The rules are in sollich_halees.smk.


from statmech_bayes.core.job_ranges import job_ranges

SH = config["sollich_halees"]


SH_SCEN = list(SH["scenarios"])


def sh_scn(wc):
    """One scenario's parameters (its noise levels included)."""
    return SH["scenarios"][wc.scen]


def sh_sims_settings(scen):
    """Simulation settings of one scenario: n_datasets times its n_datasets_factor (default 1)."""
    factor = SH.get("n_datasets_factor", {}).get(scen, 1)
    return {k: SH[k] for k in ("n_max", "batch", "image_rtol", "image_check_datasets")} | {
        "n_datasets": SH["n_datasets"] * factor
    }


def sh_spectrum_file(scen):
    return res("sollich_halees", "spectra", f"{scen}.npz")


def sh_sims_file(scen):
    return res("sollich_halees", "sims", f"{scen}.npz")


def sh_sims_range_file(scen, first, last):
    return res("sollich_halees", "sims", "ranges", f"{scen}_{first}_{last}.npz")


def sh_sims_ranges(scen):
    """The data-set ranges [first, last) of one scenario, in order: datasets_per_job each (a multiple of batch),
    the last the remainder."""
    return job_ranges(sh_sims_settings(scen)["n_datasets"], SH["datasets_per_job"])


def sh_sims_range_files(scen):
    return [sh_sims_range_file(scen, a, b) for a, b in sh_sims_ranges(scen)]


def sh_theory_file(scen):
    return res("sollich_halees", "theory", f"{scen}.npz")


def sh_degenerate_file():
    return res("sollich_halees", "degenerate.npz")


def sh_fig1_file():
    return res("sollich_halees", "fig1_samples.npz")


def sh_fig2_file():
    return res("sollich_halees", "fig2_posterior.npz")


SH_DEG_SCEN = sorted({SH["fig9"]["scenario"], *SH["fig10"]["scenarios"]})


def sh_per_scenario(path_of, *scenarios):
    return {s: path_of(s) for s in scenarios}


def sh_figure(k, layout):
    declare_figure("sollich_halees", f"fig{k}", f"fig{k:02d}", layout, SH)


# ---------------------------------------------------------------------------------------------------
# The figures: what each one is drawn from (figures.smk turns every declaration into one rule).
sh_figure(1, {"samples": sh_fig1_file()})
sh_figure(2, {"posterior": sh_fig2_file()})
sh_figure(3, {"sims": sh_per_scenario(sh_sims_file, "ou1", "ou2"), "theory": sh_per_scenario(sh_theory_file, "ou1", "ou2")})
sh_figure(4, {"sims": sh_per_scenario(sh_sims_file, "rbf1"), "theory": sh_per_scenario(sh_theory_file, "rbf1")})
sh_figure(5, {"sims": sh_per_scenario(sh_sims_file, "rbf4"), "theory": sh_per_scenario(sh_theory_file, "rbf4")})
sh_figure(6, {"sims": sh_per_scenario(sh_sims_file, "gauss1", "rbf1"),
              "theory": sh_per_scenario(sh_theory_file, "gauss1", "rbf1")})
# Fig 7 also reads every other learning-curve scenario: the text's summary after it ("of the approximations
# which we have derived, the LC approximation performs best") is judged over all the panels of Figs 3-7.
sh_figure(7, {"sims": sh_per_scenario(sh_sims_file, *SH["scenarios"]),
              "theory": sh_per_scenario(sh_theory_file, *SH["scenarios"])})
sh_figure(8, {"sims": sh_per_scenario(sh_sims_file, "gauss4"), "theory": sh_per_scenario(sh_theory_file, "gauss4")})
sh_figure(9, {"sims": sh_per_scenario(sh_sims_file, SH["fig9"]["scenario"]),
              "theory": sh_per_scenario(sh_theory_file, SH["fig9"]["scenario"]),
              "degenerate": sh_degenerate_file()})
sh_figure(10, {"sims": sh_per_scenario(sh_sims_file, *SH["fig10"]["scenarios"]), "degenerate": sh_degenerate_file()})
