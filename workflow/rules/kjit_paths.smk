# Jitkrittum et al. 2015 (KJIT): configuration aliases and one path helper per cached artefact, used by the
# rule that writes it and by every rule that reads it. The rules are in kjit.smk.
from statmech_bayes.core.job_ranges import job_ranges
from statmech_bayes.core.seeding import seed_sequence

KJ = config["kjit"]
KJ_UCI_FILES = data_files("uci", "kjit")  # checked before any job starts
KJ_DATASETS = list(KJ["exp5"]["datasets"])
KJ_SLICES = list(range(KJ["exp3"]["slices"]))
KJ_TIMING_REPEATS = list(range(KJ["exp3"]["timing_repeats"]))
KJ_EXP1_DRAWS = list(range(1, KJ["exp1"]["extra_draws"] + 1))  # ours: further draws of Exp. 1 (the main one is 0)


# ---------------------------------------------------------------------------------------------------
# What each science rule's library call receives: exactly its keyword arguments (`params.kw`, passed on unchanged by
# the script), so that a setting reruns only the rules whose call reads it. The key sets shared by several rules:
KJ_EXP3_PROBLEMS = ("d", "n", "n_problems", "n_sweeps", "n_test")  # every method of Exp. 3: its problems and sweeps
KJ_EXP3_KJIT = KJ_EXP3_PROBLEMS + ("n_samples", "n_init", "threshold", "D_in", "D_out", "sigma_y2", "median_factor",
                                   "skip_improper", "consult_unusable")  # the KJIT sequence, but for its target
KJ_EXP5_KJIT = ("n_sweeps", "n_samples", "n_init", "threshold", "D_in", "D_out", "sigma_y2", "median_factor",
                "skip_improper", "consult_unusable")  # the KJIT run over the UCI sequence, but for its target
KJ_SUPP = {"s1": ("n", "Ds", "repeats", "width2"), "s2": ("n", "D_ins", "D_outs", "repeats", "width2", "gamma2")}


def kj_kw(section, keys, **extra):
    """The keyword arguments of one library call: the ``keys`` of ``KJ[section]``, then ``extra`` (a value the call
    takes under another name, or one the rule derives from its wildcards)."""
    return {k: KJ[section][k] for k in keys} | extra


def kj_exp3_slice(part):
    """The problems of sampling slice ``part``: range(n_problems) split into ``slices`` consecutive runs, the first
    n_problems % slices of them one problem longer (numpy.array_split's split)."""
    q, r = divmod(KJ["exp3"]["n_problems"], KJ["exp3"]["slices"])
    part = int(part)
    start = part * q + min(part, r)
    return list(range(start, start + q + (part < r)))


def kj_exp1_collect_file():
    return res("kjit", "exp1_collect.npz")


def kj_exp1_is_file():
    return res("kjit", "exp1_is.npz")


def kj_exp1_fit_file():
    return res("kjit", "exp1_fit.npz")


def kj_exp1_draw_seed(draw):
    """Master seed of extra draw ``draw`` (1, 2, ...) of Exp. 1 (ours): a 32-bit word of the SeedSequence of the
    configuration's seed spawned along ("kj_exp1_draw", draw). The draw's jobs run the main draw's scripts, which
    derive each rule's generator from the seed they are given (rng_for(seed, rule)): passing them this seed gives every
    draw its own streams, independent of the main draw's and of each other, with no change to the scripts."""
    return int(seed_sequence(config["seed"], "kj_exp1_draw", int(draw)).generate_state(1)[0])


def kj_exp1_draw_file(step, draw):
    """step: collect, is or fit, of extra draw ``draw`` of Exp. 1 (ours; the main draw's are kj_exp1_*_file)."""
    return res("kjit", "exp1_draws", f"draw{draw}", f"{step}.npz")


def kj_exp3_file(method):
    """method: quadrature, kjit (whole sequence of problems) or kjit_ablation (another f->z target, ours)."""
    return res("kjit", "exp3", f"{method}.npz")


def kj_exp3_timing_file(part):
    """One interleaved timing repeat of Fig. 6's claims (all methods in one job)."""
    return res("kjit", "exp3", "timing", f"repeat{part}.npz")


def kj_exp3_sampling_file(part):
    return res("kjit", "exp3", "sampling", f"slice{part}.npz")


def kj_exp4_file():
    return res("kjit", "exp4.npz")


def kj_exp5_file(method):
    """method: quadrature or kjit (all data sets)."""
    return res("kjit", "exp5", f"{method}.npz")


def kj_exp5_sampling_file(name):
    return res("kjit", "exp5", "sampling", f"{name}.npz")


def kj_exp5_seeds_file(arm):
    """arm: a regression target of the f->z direction (kjit.exp5.seed_targets)."""
    return res("kjit", "exp5", "seeds", f"{arm}.npz")


def kj_exp5_seed_range_file(arm, first, last):
    """Seeds [first, last) of one arm's repeated run (one job of kj_exp5_seed_range)."""
    return res("kjit", "exp5", "seeds", "ranges", f"{arm}_{first}_{last}.npz")


def kj_exp5_seed_range_files(arm):
    """Every seed range of one arm, in seed order (kjit.exp5.seeds_per_job seeds each)."""
    e = KJ["exp5"]
    return [kj_exp5_seed_range_file(arm, a, b) for a, b in job_ranges(e["n_seeds"], e["seeds_per_job"])]


def kj_supp_file(which):
    return res("kjit", f"supp_{which}.npz")


def kj_figure(k, layout, timing=False):
    declare_figure("kjit", f"fig{k}", f"fig{k:02d}", layout, KJ, timing=timing)


# ---------------------------------------------------------------------------------------------------
# The figures: what each one is drawn from (figures.smk turns every declaration into one rule). timing=True: the
# figure's files hold wall-clock times (Figs 6, 7, 9: Exps. 3-5's run times).
_kj_exp5_sampling = {n: kj_exp5_sampling_file(n) for n in KJ_DATASETS}
kj_figure(1, {"sampling": _kj_exp5_sampling})
kj_figure(2, {})
kj_figure(3, {"fit": kj_exp1_fit_file()})
kj_figure(4, {"fit": kj_exp1_fit_file()})
kj_figure(5, {"kjit": kj_exp3_file("kjit")})
kj_figure(6, {"quadrature": kj_exp3_file("quadrature"), "kjit": kj_exp3_file("kjit"),
              "kjit_ablation": kj_exp3_file("kjit_ablation"), "timing": [kj_exp3_timing_file(r) for r in KJ_TIMING_REPEATS],
              "sampling": [kj_exp3_sampling_file(p) for p in KJ_SLICES]}, timing=True)
kj_figure(7, {"exp4": kj_exp4_file()}, timing=True)
kj_figure(8, {"kjit": kj_exp5_file("kjit")})
kj_figure(9, {"quadrature": kj_exp5_file("quadrature"), "kjit": kj_exp5_file("kjit"), "sampling": _kj_exp5_sampling,
              "seeds": {a: kj_exp5_seeds_file(a) for a in KJ["exp5"]["seed_targets"]}}, timing=True)
kj_figure(10, {"fit": kj_exp1_fit_file()})
kj_figure(11, {"s1": kj_supp_file("s1")})
kj_figure(12, {"s2": kj_supp_file("s2")})
kj_figure(13, {"fit": kj_exp1_fit_file(), "draws": [kj_exp1_draw_file("fit", r) for r in KJ_EXP1_DRAWS]})
