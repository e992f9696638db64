# Hartog & van Zanten 2018: configuration aliases and one path helper per cached artefact, used by the rule
# that writes it and by every rule that reads it. The rules are in hartog_vanzanten.smk.


HVZ = config["hartog_vanzanten"]


HVZ_MNIST_DIR = config["data"]["mnist"]
HVZ_MNIST_FILES = ["train-images-idx3-ubyte", "train-labels-idx1-ubyte", "t10k-images-idx3-ubyte",
                   "t10k-labels-idx1-ubyte"]


def hvz_gamma_tag(gamma):
    """A gamma as it appears in a file name: 0, 0.1, 1, rule (the rule of thumb 20/n)."""
    return gamma if gamma == "rule" else f"{float(gamma):g}"


def hvz_gammas(graph):
    """The gammas of Figs 2/4 (the paper's three) plus the rule of thumb gamma = gamma_rule/n (claims only)."""
    return [hvz_gamma_tag(g) for g in HVZ[graph]["gammas"]] + ["rule"]


def hvz_path_data_file():
    return res("hartog_vanzanten", "data", "path.npz")


def hvz_sw_data_file():
    return res("hartog_vanzanten", "data", "smallworld.npz")


def hvz_graph_data_file(graph):
    return {"path": hvz_path_data_file, "smallworld": hvz_sw_data_file}[graph]()


def hvz_chain_file(graph, gamma):
    return res("hartog_vanzanten", "mcmc", f"{graph}_g{gamma}.npz")


def hvz_mnist_raw_files():
    return [os.path.join(HVZ_MNIST_DIR, f) for f in HVZ_MNIST_FILES]


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


def hvz_figure(k, layout):
    declare_figure("hartog_vanzanten", f"fig{k}", f"fig{k:02d}", layout, HVZ)


# ---------------------------------------------------------------------------------------------------
# The figures: what each one is drawn from (figures.smk turns every declaration into one rule).
hvz_figure(1, {"data": hvz_path_data_file()})
hvz_figure(2, {"data": hvz_path_data_file(), "chains": hvz_chains("path")})
hvz_figure(3, {"data": hvz_sw_data_file()})
hvz_figure(4, {"data": hvz_sw_data_file(), "chains": hvz_chains("smallworld")})
hvz_figure(5, {"scaling": hvz_mnist_scaling_file()})
hvz_figure(6, {"video": hvz_video_file()})
hvz_figure(7, {})
for _k in (8, 9, 10):
    hvz_figure(_k, {"video": hvz_video_file(), "tracking": hvz_tracking_file()})
declare_figure("hartog_vanzanten", "fig8_convergence", "fig08_convergence", {"tracking": hvz_tracking_file()}, HVZ)
