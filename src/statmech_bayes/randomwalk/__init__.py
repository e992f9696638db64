"""Random walk kernels on graphs and trees (Urry & Sollich 2013, Sections 2 and Appendix A)."""
