# Every figure's claims gathered into one table.


rule scorecard:
    """figures/scorecard.{csv,md}: every claim of every figure, reproduced value, tolerance, verdict."""
    input:
        claims=[p.replace(".png", ".claims.json") for p in ALL_FIGURES],
        code=src("core/scorecard.py"),
    output:
        csv=report(fig("scorecard.csv"), caption="../report/scorecard.rst", category="Scorecard"),
        md=fig("scorecard.md"),
    params:
        code=code_hash("core/scorecard.py"),
    log:
        logs("scorecard"),
    benchmark:
        bench("scorecard")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/common/scorecard.py"
