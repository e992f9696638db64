"""Gaussian-process regression: exact posteriors and learning-curve approximations."""
