# Hartog & van Zanten 2018: configuration aliases and one path helper per cached artefact, used by the rule
# that writes it and by every rule that reads it. The rules are in hartog_vanzanten.smk.


HVZ = config["hartog_vanzanten"]


HVZ_MNIST_FILES = data_files("mnist", "hartog_vanzanten")  # shipped in data/mnist; checked before any job starts


def hvz_gamma_tag(gamma):
    """A gamma as it appears in a file name: 0, 0.1, 1, rule (the rule of thumb 20/n)."""
    return gamma if gamma == "rule" else f"{float(gamma):g}"


def hvz_gammas(graph):
    """The gammas of Figs 2/4 (the paper's three) plus the rule of thumb gamma = gamma_rule/n (claims only)."""
    return [hvz_gamma_tag(g) for g in HVZ[graph]["gammas"]] + ["rule"]


# ---------------------------------------------------------------------------------------------------
# What each science rule's library call takes, and nothing else: a setting reruns exactly the jobs that use it.
HVZ_MODEL_KEYS = ("q", "a", "b")
HVZ_CHAIN_KEYS = ("q", "a", "b", "refresh_g_on_reject")
HVZ_VIDEO_KEYS = ("T", "H", "W", "radius", "start", "step", "extra_frame", "extra_center", "extra_radius",
                  "frac_missing")


def hvz_pick(section, keys):
    return {k: section[k] for k in keys}


def hvz_path_data_kw():
    """:func:`path_data`'s keyword arguments."""
    return hvz_pick(HVZ["path"], ("n", "frac_missing"))


def hvz_sw_data_kw():
    """:func:`small_world_data`'s keyword arguments."""
    return hvz_pick(HVZ["smallworld"], ("graph_seed", "n_ring", "p_rewire", "frac_missing", "layout_seed"))


def hvz_graph_mcmc_kw(graph, gamma):
    """:func:`graph_posterior`'s keyword arguments for one chain: gamma itself, or gamma_rule (gamma = gamma_rule/n,
    n known from the data) for the tag "rule", so a rule-of-thumb change reruns only the "rule" chains."""
    g = HVZ[graph]
    rate = {"gamma_rule": float(g["gamma_rule"])} if gamma == "rule" else {"gamma": float(gamma)}
    return rate | hvz_pick(g, ("n_iter", "burn_in", "thin", "k0", "k_move", "n_chains")) | hvz_pick(HVZ, HVZ_CHAIN_KEYS)


def hvz_mnist_run_kw(method, size):
    """:func:`mnist_run`'s keyword arguments at one (method, size): the truncated method's eigensolver settings only
    for it; the shortened sweeps (mnist.untruncated_run) only for the untruncated method from its from_size on."""
    m = HVZ["mnist"]
    kw = (hvz_pick(m, ("n_iter", "burn_in", "thin", "k_move", "gamma_rule", "repeats", "repeat_below_s"))
          | hvz_pick(HVZ, HVZ_CHAIN_KEYS))
    if method == "truncated":
        kw |= hvz_pick(m, ("K_max", "k0_cap", "eig_tol"))
    elif int(size) >= int(m["untruncated_run"]["from_size"]):
        kw |= {"run_iter": m["untruncated_run"]["n_iter"], "run_burn_in": m["untruncated_run"]["burn_in"]}
    return kw


def hvz_video_kw(**override):
    """:func:`tracking_data`'s keyword arguments (the video geometry), with an arm's override (extra_radius)."""
    return hvz_pick(HVZ["tracking"], HVZ_VIDEO_KEYS) | override


def hvz_tracking_chain_kw(reading, chain):
    """:func:`tracking_chain`'s keyword arguments for one chain of one noise reading: its start (tracking.chains),
    the shared settings, and the level weight (with its cap level_max_k) only under flipped labels (with exact labels
    and a = b = 0 the posterior of c is improper, fig8_convergence)."""
    tr = HVZ["tracking"]
    flip = float(hvz_tracking_reading(reading)["flip"])
    kw = (hvz_pick(tr["chains"][int(chain)], ("k0", "c0"))
          | hvz_pick(tr, ("n_iter", "burn_in", "thin", "gamma_rule", "k_move", "scale_sd"))
          | hvz_pick(HVZ, HVZ_CHAIN_KEYS) | {"level_evidence": flip > 0})
    if flip > 0:
        kw["level_max_k"] = tr["level_max_k"]
    return kw


def hvz_tracking_reading(reading):
    return next(x for x in HVZ["tracking"]["readings"] if x["name"] == reading)


def hvz_tracking_arm_spec(arm):
    return next(x for x in HVZ["tracking"]["arms"] if x["name"] == arm)


def hvz_tracking_arm_kw(arm):
    """:func:`tracking_chain`'s keyword arguments for one sensitivity arm: the first chain's start and the model
    unless the arm sets them, tracking.arm_iter sweeps with the second half kept (about 50 thinned draws); no level
    weight (an arm is summarised, never pooled)."""
    tr, spec = HVZ["tracking"], hvz_tracking_arm_spec(arm)
    n_iter = int(tr["arm_iter"])
    burn_in = n_iter // 2
    kw = {"k0": spec.get("k0", tr["chains"][0]["k0"]), "c0": spec.get("c0", tr["chains"][0]["c0"]),
          "n_iter": n_iter, "burn_in": burn_in, "thin": max(1, (n_iter - burn_in) // 50)}
    kw |= hvz_pick(tr, ("gamma_rule", "k_move", "scale_sd")) | hvz_pick(HVZ, HVZ_CHAIN_KEYS)
    return kw | {k: spec[k] for k in HVZ_MODEL_KEYS if k in spec} | {"level_evidence": False}


def hvz_tracking_arm_video_kw(arm):
    """The video an arm runs on when it changes the extra ball (the same seed, so the same mask); None: the cached
    video."""
    spec = hvz_tracking_arm_spec(arm)
    return hvz_video_kw(extra_radius=float(spec["extra_radius"])) if "extra_radius" in spec else None


def hvz_tracking_arm_what(spec):
    """An arm's description as the pooled record names it: its settings, name left out."""
    return ", ".join(f"{k} = {v:g}" for k, v in spec.items() if k != "name")


def hvz_tracking_probes_kw():
    """:func:`tracking_probe_chains`' keyword arguments."""
    tr = HVZ["tracking"]
    return {"probes": tuple(tr["probes"]), "probe_iter": tr["probe_iter"], "gamma_rule": tr["gamma_rule"],
            **hvz_pick(HVZ, HVZ_MODEL_KEYS)}


def hvz_path_data_file():
    return res("hartog_vanzanten", "data", "path.npz")


def hvz_sw_data_file():
    return res("hartog_vanzanten", "data", "smallworld.npz")


def hvz_graph_data_file(graph):
    return {"path": hvz_path_data_file, "smallworld": hvz_sw_data_file}[graph]()


def hvz_chain_file(graph, gamma):
    return res("hartog_vanzanten", "mcmc", f"{graph}_g{gamma}.npz")


def hvz_mnist_raw_files():
    return HVZ_MNIST_FILES


def hvz_mnist_features_file():
    return res("hartog_vanzanten", "mnist", "features.npz")


def hvz_mnist_graph_file(size):
    return res("hartog_vanzanten", "mnist", f"graph_n{size}.npz")


def hvz_mnist_run_file(method, size):
    return res("hartog_vanzanten", "mnist", f"{method}_n{size}.npz")


def hvz_mnist_scaling_file():
    return res("hartog_vanzanten", "mnist", "scaling.csv")


def hvz_video_file():
    return res("hartog_vanzanten", "data", "video.npz")


def hvz_tracking_file():
    return res("hartog_vanzanten", "mcmc", "tracking.npz")


def hvz_tracking_chain_file(reading, chain):
    return res("hartog_vanzanten", "mcmc", f"tracking_{reading}_chain{chain}.npz")


def hvz_tracking_chain_files():
    """Every reading's chains, reading by reading (the pooling rule splits them back by reading)."""
    tr = HVZ["tracking"]
    return [hvz_tracking_chain_file(r["name"], i) for r in tr["readings"] for i in range(len(tr["chains"]))]


def hvz_tracking_arm_file(arm):
    return res("hartog_vanzanten", "mcmc", f"tracking_arm_{arm}.npz")


def hvz_tracking_arm_files():
    return [hvz_tracking_arm_file(a["name"]) for a in HVZ["tracking"]["arms"]]


def hvz_mem_run(wildcards):
    """Untruncated: dense L, U and the LAPACK workspace (about 5 n^2 doubles); truncated: n x K_max."""
    n = int(wildcards.size)
    if wildcards.method == "untruncated":
        return 1500 + int(5 * 8 * n * n / 1e6)
    return 1500 + int(3 * 8 * n * HVZ["mnist"]["K_max"] / 1e6)


def hvz_runtime_run(wildcards):
    """Minutes, generous: the dense eigh grows as n^3 (about 7 min at n = 13,782 on an idle 2-core box)."""
    n = int(wildcards.size)
    if wildcards.method == "untruncated":
        return 10 + int(60 * (n / 13782) ** 3)
    return 10 + int(10 * n / 13782)


def hvz_chains(graph):
    return {g: hvz_chain_file(graph, g) for g in hvz_gammas(graph)}


def hvz_figure(k, layout, timing=False):
    declare_figure("hartog_vanzanten", f"fig{k}", f"fig{k:02d}", layout, HVZ, timing=timing)


# ---------------------------------------------------------------------------------------------------
# The figures: what each one is drawn from (figures.smk turns every declaration into one rule).
hvz_figure(1, {"data": hvz_path_data_file()})
hvz_figure(2, {"data": hvz_path_data_file(), "chains": hvz_chains("path")})
hvz_figure(3, {"data": hvz_sw_data_file()})
hvz_figure(4, {"data": hvz_sw_data_file(), "chains": hvz_chains("smallworld")})
hvz_figure(5, {"scaling": hvz_mnist_scaling_file()}, timing=True)  # run times of the MNIST scaling
hvz_figure(6, {"video": hvz_video_file()})
hvz_figure(7, {})
for _k in (8, 9, 10):
    hvz_figure(_k, {"video": hvz_video_file(), "tracking": hvz_tracking_file()})
declare_figure("hartog_vanzanten", "fig8_convergence", "fig08_convergence", {"tracking": hvz_tracking_file()}, HVZ)
