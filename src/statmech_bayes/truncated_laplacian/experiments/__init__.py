"""Experiment-level functions for Figs. 1-10 of Hartog & van Zanten (2018), one module per experiment.

Each takes plain parameters and an explicit ``numpy.random.Generator`` and returns a dict of numpy
arrays / numpy scalars ready for ``numpy.savez`` (no file I/O, no plotting). The settings the workflow passes have
no defaults here: their paper-scale values (the spec's §2 choices; the paper itself gives no iteration counts, seeds,
q or initial values) are in the configuration, ``workflow/config/full.yaml``.

This package imports none of its modules: a script imports the one it needs, so that the workflow's ``code``
inputs (the import closure, :mod:`statmech_bayes.pipeline.code_deps`) of a rule are that experiment's module alone
and editing one experiment reruns only its rules.

Figure -> function:

* Fig. 1      :func:`.path.path_data`
* Fig. 2      :func:`.path.path_data` + :func:`.graph_mcmc.graph_posterior` for γ in {0, 0.1, 1}
* Fig. 3      :func:`.smallworld.small_world_data`
* Fig. 4      :func:`.smallworld.small_world_data` + :func:`.graph_mcmc.graph_posterior` for γ in {0, 0.1, 1}
* Fig. 5      :func:`.mnist.mnist_features` -> :func:`.mnist.mnist_subgraph` per size -> :func:`.mnist.mnist_run`
  per (size, method) -> :func:`statmech_bayes.figures.hartog_vanzanten.common.loglog_slope`
* Fig. 6      :func:`.tracking.tracking_data`
* Figs. 8-10  :func:`.tracking.tracking_data` + :func:`.tracking.tracking_posterior`
* Fig. 7 is a schematic and needs no computation.

Modules:

* :mod:`.path`        - Fig. 1: the path-graph data.
* :mod:`.smallworld`  - Fig. 3: the small-world graph and its data.
* :mod:`.graph_mcmc`  - Figs. 2 and 4: Algorithm 1 on either graph, pooled over chains.
* :mod:`.mnist`       - Fig. 5: MNIST features, kNN graphs, the timed runs of both methods and the log-log slope.
* :mod:`.tracking`    - Figs. 6 and 8-10: the video, the distance to the object boundary, the probe chains and the
  single-chain posterior.
* :mod:`.common`      - what several of them share: the settings record of a chain (Figs. 2, 4 and 8-10).
"""
