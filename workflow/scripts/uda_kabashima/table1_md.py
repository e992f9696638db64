"""Table 1 as Markdown: ours against the paper's, with the sign test and the t-tests."""
from statmech_bayes.core.atomic_io import atomic_path, load_npz
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.sparse_classifier.table1 import table1_markdown

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    text = table1_markdown(load_npz(smk.input.summary)[0], smk.params.colon)
    with atomic_path(smk.output[0]) as tmp:
        tmp.write_text(text)
    log.info("%d lines", text.count("\n"))
