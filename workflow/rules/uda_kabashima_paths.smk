# Uda & Kabashima 2005: configuration aliases and one path helper per cached artefact, used by the rule
# that writes it and by every rule that reads it. The rules are in uda_kabashima.smk.


UK = config["uda_kabashima"]


UK_F3, UK_F4, UK_COL, UK_PREC = UK["fig3"], UK["fig4"], UK["colon"], UK["colon_precision"]
UK_COLON_FILES = data_files("colon", "uda_kabashima")  # checked before any job starts


def uk_chunks(n_items, n_chunks):
    """Chunk k of ``n_items`` split into ``n_chunks`` near-equal parts: ``[(start, stop), ...]``."""
    n_chunks = min(int(n_chunks), int(n_items))
    bounds = [round(k * n_items / n_chunks) for k in range(n_chunks + 1)]
    return list(zip(bounds[:-1], bounds[1:]))


UK_F3_CHUNKS = uk_chunks(UK_F3["n_runs"], UK_F3["n_chunks"])
UK_F4_CHUNKS = uk_chunks(UK_F4["n_runs"], UK_F4["n_chunks"])
UK_COL_CHUNKS = uk_chunks(UK_COL["n_splits"], UK_COL["n_chunks"])
UK_PREC_CHUNKS = uk_chunks(UK_PREC["n_extra_splits"], UK_PREC["n_chunks"]) if UK_PREC["n_extra_splits"] else []


# ---------------------------------------------------------------------------------------------------
# What each science rule's library call takes, and nothing else: a setting reruns exactly the jobs that use it (the
# colon tie rule, for one, reruns the summaries and the Table 1 text, never a chunk of splits).
UK_RS_KEYS = ("alpha", "kappa", "n_quad")
UK_F1_GRID_KEYS = ("C_min", "C_max", "C_step", "C_last")


def uk_pick(section, keys):
    return {k: section[k] for k in keys}


def uk_rs_fig1_kw():
    """:func:`fig1_rs_curves`' keyword arguments."""
    return {"Ct_values": UK["fig1"]["Ct"], **uk_pick(UK["fig1"], UK_F1_GRID_KEYS), **uk_pick(UK, UK_RS_KEYS)}


def uk_rs_fig4_kw():
    """:func:`fig4_rs_line`'s keyword arguments: Fig 1's C grid plus every BP C value of Fig 4."""
    return {"Ct": UK_F4["Ct"], "C_extra": UK_F4["C"], **uk_pick(UK["fig1"], UK_F1_GRID_KEYS),
            **uk_pick(UK, UK_RS_KEYS)}


def uk_state_evolution_kw():
    """:func:`fig3_state_evolution`'s keyword arguments."""
    return {"C_values": UK_F3["C"], **uk_pick(UK_F3, ("Ct", "T")), **uk_pick(UK, UK_RS_KEYS)}


def uk_bp_runs_kw(section):
    """The keyword arguments :func:`fig3_bp_runs` and :func:`fig4_bp_runs` share, from ``section`` (Fig 3's or
    Fig 4's), but the chunk's n_runs and generator: all of Fig 3's."""
    return {"C_values": section["C"], **uk_pick(section, ("Ct", "N", "M", "T")), "kappa": UK["kappa"]}


def uk_fig4_bp_runs_kw():
    """:func:`fig4_bp_runs`' keyword arguments but the chunk's n_runs and generator: the shared ones and the
    convergence threshold conv_tol (which the schema requires), last: the job's params and the provenance in its
    output list the keys in this order."""
    return uk_bp_runs_kw(UK_F4) | {"conv_tol": UK_F4["conv_tol"]}


def uk_colon_chunk_kw():
    """:func:`colon_chunk`'s keyword arguments: both BP arms, SBL and FDA; no selection setting (tie rule, bootstrap)."""
    return uk_pick(UK_COL, ("n_train", "C_grid", "kappa_grid", "kappa_fixed", "damping", "T_max", "tol", "T_literal",
                            "conv_tol", "osc_tol", "fda_ridge"))


def uk_colon_selection_kw():
    """The LOOE selection and its bootstrap: :func:`colon_summary`'s and :func:`precision_summary`'s common keyword
    arguments."""
    return uk_pick(UK_COL, ("C_grid", "kappa_grid", "kappa_fixed", "n_boot")) | {"rule": UK_COL["tie_rule"]}


def uk_colon_summary_kw():
    """:func:`colon_summary`'s keyword arguments."""
    return (uk_colon_selection_kw() | uk_pick(UK_COL, ("exclude_nonconverged", "fda_ridge"))
            | {"boot_seed": UK_COL["boot_seed"]})


def uk_colon_precision_kw():
    """:func:`precision_summary`'s keyword arguments."""
    return uk_colon_selection_kw() | {"seed": UK_COL["boot_seed"]}


def uk_colon_precision_chunk_kw():
    """:func:`literal_splits`' keyword arguments: the paper's fixed-T BP arm only."""
    return uk_pick(UK_COL, ("n_train", "T_literal", "conv_tol", "osc_tol", "C_grid", "kappa_grid"))


def uk_table1_md_kw():
    """What :func:`table1_markdown` prints of the protocol: the split, the BP arms' settings, the tie rule."""
    return uk_pick(UK_COL, ("n_train", "T_literal", "damping", "T_max", "tol", "tie_rule"))


def uk_rs_fig1_file():
    return res("uda_kabashima", "rs_fig1.npz")


def uk_rs_fig4_file():
    return res("uda_kabashima", "rs_fig4.npz")


def uk_se_file():
    return res("uda_kabashima", "state_evolution.npz")


def uk_fig3_bp_file(chunk):
    return res("uda_kabashima", "fig3_bp", f"chunk{chunk}.npz")


def uk_fig4_bp_file(chunk):
    return res("uda_kabashima", "fig4_bp", f"chunk{chunk}.npz")


def uk_bench_file():
    return res("uda_kabashima", "bp_update_benchmark.npz")


def uk_colon_data_file():
    return res("uda_kabashima", "colon", "data.npz")


def uk_colon_perms_file():
    return res("uda_kabashima", "colon", "perms.npz")


def uk_colon_chunk_file(chunk):
    return res("uda_kabashima", "colon", f"chunk{chunk}.npz")


def uk_colon_summary_file():
    return res("uda_kabashima", "colon", "summary.npz")


def uk_colon_precision_perms_file():
    return res("uda_kabashima", "colon_precision", "perms.npz")


def uk_colon_precision_chunk_file(chunk):
    return res("uda_kabashima", "colon_precision", f"chunk{chunk}.npz")


def uk_colon_precision_file():
    return res("uda_kabashima", "colon_precision", "summary.npz")


def uk_table1_md_file():
    """Table 1 as Markdown, next to its CSV and rendered figure."""
    return fig("uda_kabashima", "table1.md")


def uk_figure(name, module, layout, timing=False):
    declare_figure("uda_kabashima", name, module, layout, UK, timing=timing)


# ---------------------------------------------------------------------------------------------------
# The figures: what each one is drawn from (figures.smk turns every declaration into one rule).
uk_figure("fig1", "fig01", {"rs": uk_rs_fig1_file()})
uk_figure("fig2", "fig02", {})
uk_figure("fig3", "fig03", {"se": uk_se_file(), "bp": [uk_fig3_bp_file(k) for k in range(len(UK_F3_CHUNKS))],
                            "bench": uk_bench_file()}, timing=True)  # its claims note the BP update's wall time
uk_figure("fig4", "fig04", {"rs": uk_rs_fig4_file(), "bp": [uk_fig4_bp_file(k) for k in range(len(UK_F4_CHUNKS))]})
uk_figure("table1", "table1", {"summary": uk_colon_summary_file(), "markdown": uk_table1_md_file(),
                                "precision": uk_colon_precision_file()})
uk_figure("fig5", "fig05", {"summary": uk_colon_summary_file(), "precision": uk_colon_precision_file()})
uk_figure("fig6", "fig06", {"summary": uk_colon_summary_file()})
