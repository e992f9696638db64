"""Experiment-level functions for Jitkrittum et al. (2015): the functions the rules call, one per step (each
method of Exps. 3 and 5 its own). Each takes a ``numpy.random.Generator`` (unless it draws nothing) and its
settings as keyword-only arguments, without defaults where the configuration sets them (the rule passes exactly
those), and returns a dict of numpy arrays ready for ``np.savez``.

One module per experiment, so that a rule's code inputs (its script's import closure) hold only its own
experiment and editing one experiment reruns only its rules:

- :mod:`.streams`: the seeding streams the experiments share (reproducible parallel slices);
- :mod:`.exp1`: Experiments 1 and 2 (Figs. 3, 4, 10) and the App. C table (Fig. 13);
- :mod:`.exp3`: Experiment 3 (Figs. 5, 6), each method and the interleaved timing;
- :mod:`.exp4`: Experiment 4 (Fig. 7), the compound gamma factor;
- :mod:`.exp5`: Experiment 5 (Figs. 1, 8, 9), the UCI sequence;
- :mod:`.supp`: the supplementary S1 and S2 (Figs. 11, 12).
- :mod:`.summaries`: what the figures read back from the results (the log-KL statistics, the merge of the
  timing jobs), apart from the experiments so that no figure rule depends on an experiment's code.

This file imports nothing: an import here would make every script depend on every experiment again. Timings use
``time.perf_counter`` (run with one BLAS thread and nothing else heavy in parallel).
"""
