# Negative controls (issue 43): one rule per figure whose paper declares controls
# (statmech_bayes.figures.<paper>.controls.CONTROLS). It runs the figure's claims on its own data and on each wrong
# answer's, and writes figures/<paper>/<figure>.controls.csv. Apart from the figure rule, so that declaring a control
# never reruns a figure; it reads the figure's claims file to check that its loader gives the same claims. A timing
# figure kept at paper scale keeps its committed controls table too (controls_timing_params).
from statmech_bayes.pipeline.controls_registry import registered_figures

# the figures with registered controls (figures/controls.csv, kept equal to the declarations by tests/test_controls.py)
CONTROLLED_FIGURES = registered_figures(Path(workflow.basedir) / "figures" / "controls.csv")


def declared_controls(paper):
    return CONTROLLED_FIGURES.get(paper, set())


def controls_outputs(paper):
    """The controls tables of ``paper``'s selected figures that declare controls."""
    return [fig(paper, f"{name}.controls.csv") for name in selected_figures(paper) if name in declared_controls(paper)]


def controls_timing_params(paper, name):
    """A kept timing figure's controls (common.smk kept_timing_figure): its rule leaves the committed claims as
    they are and writes this run's beside them, and the controls must check their loader against the claims of the
    data they load (this run's), so they read and write under results/timing_figures/ too and keep the committed
    table, which belongs to the committed claims."""
    if not kept_timing_figure(paper, name):
        return {}
    return {"timing": {"keep": True, "measured": {"claims": measured_file(paper, name, ".claims.json"),
                                                  "controls": measured_file(paper, name, ".controls.csv")}}}


for _paper, _name, _module, _layout, _cfg, _keys in FIGURES:
    if _name not in declared_controls(_paper):
        continue

    rule:
        name:
            f"{PAPERS[_paper].prefix}_{_name}_controls"
        input:
            data=flatten_paths(_layout),
            claims=fig(_paper, f"{_name}.claims.json"),
            code=code("common/run_controls.py", f"statmech_bayes.figures.{_paper}.controls"),
            protocol=PROTOCOL_THRESHOLDS,
        output:
            # kept (update: never deleted before or after the job) where the figure's committed claims are kept
            update(fig(_paper, f"{_name}.controls.csv")) if controls_timing_params(_paper, _name)
            else fig(_paper, f"{_name}.controls.csv"),
        params:
            layout=_layout,
            cfg=_cfg,
            config_keys=list(_keys),
            module=f"statmech_bayes.figures.{_paper}.controls",
            figure=_name,
            **controls_timing_params(_paper, _name),
        log:
            logs(f"{PAPERS[_paper].prefix}_{_name}_controls"),
        benchmark:
            bench(f"{PAPERS[_paper].prefix}_{_name}_controls")
        threads: 1
        # the largest measured at paper scale: sh_fig7_controls, 802 MB (every control re-reads the learning-curve
        # panels of Figs 3-7); the profile's default 1000 MB is below 1.25 x that (tests/test_slurm.py)
        resources:
            mem_mb=1500,
        localrule: True
        conda:
            CONDA_ENV
        script:
            "../scripts/common/run_controls.py"
