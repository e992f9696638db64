"""Kernel-based just-in-time learning of EP messages (KJIT; Jitkrittum et al., UAI 2015): kernel on
tuples of incoming messages (Eq. 7), two-stage random features (Algorithm 1), Bayesian linear regression
with online updates (Eqs. 9-17) and the just-in-time message operator."""
