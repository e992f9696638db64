"""Cross-key rules of the ``kjit`` section that a schema cannot express."""

from __future__ import annotations

from statmech_bayes.core.config import ConfigError


def check(config) -> None:
    kj = config["kjit"]
    e1, e3 = kj["exp1"], kj["exp3"]
    problems = []
    if e1["n_collect"] > e1["n_sweeps"]:
        problems.append("kjit.exp1.n_collect must not exceed kjit.exp1.n_sweeps")
    if e1["n_train"] + e1["n_test"] > e1["n_datasets"] * e1["n"] * e1["n_collect"]:
        problems.append("kjit.exp1.n_train + n_test exceed the n_datasets * n * n_collect collected messages")
    if kj["exp4"]["n_nodes"] > kj["exp4"]["paper_nodes"]:
        problems.append("kjit.exp4.n_nodes (our smaller quadrature) must not exceed kjit.exp4.paper_nodes")
    if e3["slices"] > e3["n_problems"]:
        problems.append("kjit.exp3.slices must not exceed kjit.exp3.n_problems")
    if kj["exp5"]["target_z"] not in kj["exp5"]["seed_targets"]:
        problems.append("kjit.exp5.seed_targets must contain kjit.exp5.target_z (the arm that decides the claims)")
    cl = kj["claims"]
    if not cl["error_axis"][0] < cl["error_axis"][1]:
        problems.append("kjit.claims.error_axis must be [lowest, highest] with lowest < highest")
    if list(cl["orders"]) != sorted(cl["orders"]):
        problems.append("kjit.claims.orders (readings of 'several orders of magnitude') must be increasing")
    if problems:
        raise ConfigError("bad value: " + "; ".join(problems))
