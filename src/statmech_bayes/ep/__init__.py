"""Expectation propagation (Minka 2001) for the factor graphs of Jitkrittum et al. (2015): message value
types with Infer.NET's proper division, exact/quadrature and importance-sampling oracles for the
logistic and compound-gamma factors, and a parallel/sequential EP engine."""
