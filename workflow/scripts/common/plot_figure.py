"""Plot one figure from its cached inputs: PNG, PDF, plotted data and claims (no science is recomputed).

The four files are written together or not at all (statmech_bayes.core.output_set): each goes to a temporary name
first, and all are renamed once the last is written, so an interrupted job never leaves a PNG without its claims.
A timing figure kept at paper scale (params.timing.keep: timing_figures: keep, workflow/rules/common.smk) writes this
run's measurement under results/timing_figures/ and leaves the committed four files as they are."""
import importlib
import os
import sys

import matplotlib

matplotlib.use("Agg")  # a batch job: never open a window, whatever the user's default backend

from statmech_bayes.core.atomic_io import save_csv  # noqa: E402
from statmech_bayes.core.config_keys import DeclaredConfig  # noqa: E402
from statmech_bayes.core.output_set import written_together  # noqa: E402
from statmech_bayes.core.provenance import git_commit, provenance  # noqa: E402
from statmech_bayes.core.rule_runtime import rule_context  # noqa: E402
from statmech_bayes.reporting.plotstyle import save_figure  # noqa: E402

smk = snakemake
with rule_context(smk) as log:
    module = importlib.import_module(smk.params.module)
    paper = importlib.import_module(smk.params.module.rsplit(".", 1)[0])
    # make sees only the keys its module declares (params.cfg holds no others): an undeclared read fails here, by
    # name, rather than after a later edit of that key silently left this figure as it was
    keys = list(smk.params.config_keys)
    cfg = DeclaredConfig(smk.params.cfg, keys, owner=f"{smk.params.module} ({smk.params.figure})")
    fig, table, claims = module.make(smk.params.layout, cfg)
    name = smk.params.figure  # "fig3" -> "Figure 3", "table1" -> "Table 1"
    kind = "Table" if name.startswith("table") else "Figure"
    number = name.removeprefix("table").removeprefix("fig")
    # The claims file is committed: no commit hash in it (a rebuild on unchanged code leaves it unchanged);
    # the log keeps what it was built from.
    stable = {k: v for k, v in provenance(smk.params.cfg, seed=smk.params.seed, config_keys=keys).items()
              if k != "git_commit"}
    out = {k: smk.output[k] for k in ("png", "pdf", "data", "claims")}
    timing = getattr(smk.params, "timing", None) or {}
    if timing.get("keep") and all(os.path.exists(p) for p in out.values()):
        committed, out = out, dict(timing["measured"])
        note = (f"{os.path.splitext(committed['png'])[0]}.* hold wall-clock times, which differ between any two runs: "
                f"the committed ones (from the documented idle build) are kept; this run's measurement is "
                f"{os.path.splitext(out['png'])[0]}.{{png,pdf,csv,claims.json}} (to write it into figures/ instead: "
                f"--config timing_figures=rebuild)")
        log.info(note)
        print(note, file=sys.__stderr__, flush=True)  # the console: one line, where the user looks
    with written_together(out["png"], out["pdf"], out["data"], out["claims"]) as (png, pdf, data, js):
        save_figure(fig, png, pdf, title=f"{paper.PAPER}, {kind} {number}")
        save_csv(data, table)
        claims.write(js, stable)
    log.info("claims: %s (built at commit %s)", claims.counts(), git_commit())
