"""Infrastructure shared by every rule: seeding, atomic I/O with provenance, configuration checks, the BLAS thread
cap and the rule runtime (logging, heartbeat, progress). The figure layer's support (plot style, claims,
scorecard) is :mod:`statmech_bayes.reporting`."""
