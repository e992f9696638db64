# One plot rule per declared figure, named <prefix>_<figure>: cached results in; PNG, PDF, the plotted data
# and the claims out. The rule only plots and judges claims; it recomputes no science. A timing figure (declared
# timing=True: its files hold wall-clock times) keeps its committed files at paper scale unless asked
# (timing_figures: rebuild; common.smk keeps_timing_figures).


for _paper, _name, _module, _layout, _cfg, _keys in FIGURES:

    rule:
        name:
            f"{PAPERS[_paper].prefix}_{_name}"
        input:
            data=flatten_paths(_layout),
            code=code("common/plot_figure.py", f"statmech_bayes.figures.{_paper}.{_module}"),
            protocol=PROTOCOL_THRESHOLDS,
        output:
            **figure_outputs(_paper, _name, keep=kept_timing_figure(_paper, _name)),
        params:
            layout=_layout,
            cfg=_cfg,
            config_keys=list(_keys),
            module=f"statmech_bayes.figures.{_paper}.{_module}",
            figure=_name,
            seed=config["seed"],
            **timing_params(_paper, _name),
        log:
            logs(f"{PAPERS[_paper].prefix}_{_name}"),
        benchmark:
            bench(f"{PAPERS[_paper].prefix}_{_name}")
        threads: 1
        localrule: True
        conda:
            CONDA_ENV
        script:
            "../scripts/common/plot_figure.py"
