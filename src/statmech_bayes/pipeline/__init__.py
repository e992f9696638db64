"""The seam between the Snakemake workflow and the package: the paper registry, configuration
validation, and each rule's computed code dependencies. Layers point one way:
workflow -> pipeline -> figures -> topic packages -> graphs, data -> core."""
