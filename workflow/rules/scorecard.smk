# Every figure's claims gathered into one table, in the registry's order (papers by key, figures by number).


rule scorecard:
    """figures/scorecard.{csv,md}: every claim, its kind and verdict, and the counts per paper."""
    input:
        claims=[fig(key, f"{name}.claims.json") for key in PAPERS for name in selected_figures(key)],
        code=code("common/scorecard.py"),
        protocol=PROTOCOL_THRESHOLDS,
        # Rule 3: a finding is proven by a test of this file; the scorecard stops when one names no such test.
        findings_tests="tests/test_findings.py",
        # Issue 37: the verdicts under the variants (a second seed, the unstated choices), when they were built
        # (`python -m statmech_bayes.pipeline.variants build`; not part of the default target).
        robustness=[fig("robustness.csv")] if os.path.exists(fig("robustness.csv")) else [],
        variants="workflow/config/variants.yaml",
        # docs/protocol.md: the failures' settled causes and the test files that prove them
        mechanisms="workflow/config/mechanisms.yaml",
        mechanisms_tests=mechanism_tests(),
        # Issue 43: each figure's negative controls, where its paper declares them (controls.smk).
        controls=[p for key in PAPERS for p in controls_outputs(key)],
    output:
        counts=report(fig("scorecard_counts.csv"), caption="../report/scorecard_counts.rst", category="Scorecard"),
        csv=report(fig("scorecard.csv"), caption="../report/scorecard.rst", category="Scorecard"),
        md=fig("scorecard.md"),
        # Issue 42: the texts of the caveats the claims name by id, once per paper (the pages print them as notes).
        caveats=fig("caveats.csv"),
        # The claims whose verdict the variants move (empty until they are built): the report's robustness section.
        robust=report(fig("scorecard_robustness.csv"), caption="../report/robustness.rst", category="Robustness"),
    params:
        titles={p.key: p.title for p in PAPERS.values()},
    log:
        logs("scorecard"),
    benchmark:
        bench("scorecard")
    threads: 1
    localrule: True
    conda:
        CONDA_ENV
    script:
        "../scripts/common/scorecard.py"
