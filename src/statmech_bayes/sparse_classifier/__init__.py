"""Uda & Kabashima (2005), the sparse Bayesian classifier (SBC): replica-symmetric theory, the fast
belief-propagation algorithm and its state evolution, the leave-one-out error from cavity fields, and
the colon-cancer protocol with its baselines.

Modules (one idea each):

* :mod:`.transfer` -- the noisy-step output channel ``Z_out``, ``a``, ``b`` (Eqs. 17, 28-29).
* :mod:`.quadrature` -- Gaussian-measure quadrature grid.
* :mod:`.pruning` -- posterior moments of ``c_l w_l`` and the solve of the pruning conditions (34)-(35).
* :mod:`.replica` -- RS saddle point (Eqs. 13-16 as restated by the spec), closed-form errors (11), (18).
* :mod:`.state_evolution` -- macroscopic BP dynamics, Eqs. (47)-(55) with (52) in place of (53).
* :mod:`.teacher` -- sparse teacher (7), spherical inputs, noisy labels, overlap error.
* :mod:`.bp` -- fast BP, Eqs. (38)-(41), and the leave-one-out error (56).
* :mod:`.baselines` -- ARD logistic regression (SBL) and Fisher discriminant analysis.
* :mod:`.colon` -- the Section 5 protocol (preprocessing, whitening, splits, LOOE selection).
* :mod:`.stats` -- sign test, Welch and paired t-tests, confidence intervals.
* :mod:`.experiments` -- experiment-level functions for Figs. 1, 3, 4, 5, 6 and Table 1.
"""
