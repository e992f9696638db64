"""EP messages: Gaussian, Beta and Gamma as small immutable value types in natural parameters.

Products and quotients of messages are additions/subtractions of natural parameters (Eq. 1 of the
paper divides the projected belief by the incoming message). Projections match mean and variance, as
Infer.NET does (``FromMeanAndVariance``); for the Gaussian this is the KL-optimal projection.
``divide_proper`` reproduces Infer.NET's ``SetToRatio(numerator, denominator, forceProper=true)``,
which keeps every outgoing message proper even when a noisy oracle makes the plain ratio improper.

Array versions (``*_arrays``) of the divisions work element-wise on batches of messages.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# ------------------------------------------------------------------------------------------------
# Gaussian
# ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Gaussian:
    """Univariate Gaussian in natural parameters: ``mtp`` = mean * precision, ``prec`` = precision.

    ``prec == 0`` is the uniform (improper) message that EP uses as "no information".
    """

    mtp: float
    prec: float

    @staticmethod
    def from_mean_var(mean: float, var: float) -> "Gaussian":
        if not var > 0:
            raise ValueError(f"var must be positive, got {var!r}")
        return Gaussian(mean / var, 1.0 / var)

    @staticmethod
    def uniform() -> "Gaussian":
        return Gaussian(0.0, 0.0)

    @property
    def is_proper(self) -> bool:
        return self.prec > 0

    @property
    def mean(self) -> float:
        return self.mtp / self.prec if self.prec > 0 else 0.0

    @property
    def var(self) -> float:
        return 1.0 / self.prec if self.prec > 0 else np.inf

    def __mul__(self, other: "Gaussian") -> "Gaussian":
        return Gaussian(self.mtp + other.mtp, self.prec + other.prec)

    def __truediv__(self, other: "Gaussian") -> "Gaussian":
        return Gaussian(self.mtp - other.mtp, self.prec - other.prec)

    def divide_proper(self, den: "Gaussian") -> "Gaussian":
        """``self / den`` with Infer.NET's forceProper rule (spec 2.2)."""
        mtp, prec = gaussian_divide_proper_arrays(self.mtp, self.prec, den.mtp, den.prec)
        return Gaussian(float(mtp), float(prec))


def gaussian_divide_proper_arrays(mtp_num, prec_num, mtp_den, prec_den):
    """Element-wise forceProper division of Gaussians in natural parameters.

    If the numerator is broader than the denominator the quotient would have negative precision;
    Infer.NET then returns the zero-precision message whose mean-times-precision keeps the numerator's
    mean: ``mtp = mean_num * prec_den - mtp_den``.
    """
    mtp_num, prec_num, mtp_den, prec_den = np.broadcast_arrays(
        *(np.asarray(a, dtype=float) for a in (mtp_num, prec_num, mtp_den, prec_den)))
    improper = prec_num < prec_den
    with np.errstate(divide="ignore", invalid="ignore"):
        mean_num = np.where(prec_num > 0, mtp_num / np.where(prec_num > 0, prec_num, 1.0), 0.0)
    prec = np.where(improper, 0.0, prec_num - prec_den)
    mtp = np.where(improper, mean_num * prec_den - mtp_den, mtp_num - mtp_den)
    return mtp, prec


def kl_gaussian(m1, v1, m2, v2):
    """KL[N(m1, v1) || N(m2, v2)], element-wise (the error measure of Fig. 3a)."""
    m1, v1, m2, v2 = (np.asarray(a, dtype=float) for a in (m1, v1, m2, v2))
    return 0.5 * (np.log(v2 / v1) + (v1 + (m1 - m2) ** 2) / v2 - 1.0)


# ------------------------------------------------------------------------------------------------
# Beta
# ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Beta:
    """Beta(alpha, beta); natural parameters are ``(alpha - 1, beta - 1)`` so Beta(1, 1) is uniform."""

    alpha: float
    beta: float

    @staticmethod
    def from_mean_var(mean: float, var: float) -> "Beta":
        a, b = beta_from_mean_var_arrays(mean, var)
        return Beta(float(a), float(b))

    @property
    def mean(self) -> float:
        return self.alpha / (self.alpha + self.beta)

    @property
    def var(self) -> float:
        s = self.alpha + self.beta
        return self.alpha * self.beta / (s * s * (s + 1.0))

    def __mul__(self, other: "Beta") -> "Beta":
        return Beta(self.alpha + other.alpha - 1.0, self.beta + other.beta - 1.0)

    def __truediv__(self, other: "Beta") -> "Beta":
        return Beta(self.alpha - other.alpha + 1.0, self.beta - other.beta + 1.0)

    def divide_proper(self, den: "Beta") -> "Beta":
        """``self / den`` with Infer.NET's forceProper rule for Beta (spec 2.2)."""
        a, b = beta_divide_proper_arrays(self.alpha, self.beta, den.alpha, den.beta)
        return Beta(float(a), float(b))


def beta_from_mean_var_arrays(mean, var):
    """Infer.NET ``Beta.FromMeanAndVariance``: ``s = m(1-m)/v - 1``, ``alpha = m s``, ``beta = (1-m) s``.

    The mean is clamped to ``[1e-6, 1 - 1e-6]`` and the variance to ``0.99 m (1 - m)`` so that noisy
    estimates still give a proper Beta (spec 2.3 rec.); a non-positive variance gives Beta(1, 1).
    """
    mean, var = np.broadcast_arrays(np.asarray(mean, dtype=float), np.asarray(var, dtype=float))
    m = np.clip(mean, 1e-6, 1.0 - 1e-6)
    bound = m * (1.0 - m)
    v = np.minimum(var, 0.99 * bound)
    bad = ~(var > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        s = bound / np.where(bad, 1.0, v) - 1.0
    return np.where(bad, 1.0, m * s), np.where(bad, 1.0, (1.0 - m) * s)


def beta_divide_proper_arrays(a_num, b_num, a_den, b_den):
    """Element-wise Beta forceProper division (Infer.NET ``Beta.SetToRatio(.., forceProper=true)``)."""
    a_num, b_num, a_den, b_den = np.broadcast_arrays(
        *(np.asarray(x, dtype=float) for x in (a_num, b_num, a_den, b_den)))
    improper = (a_num < a_den) | (b_num < b_den)
    s = np.maximum(1.0, np.maximum(a_den / a_num, b_den / b_num))
    s = np.where(improper, s, 1.0)
    return s * a_num - a_den + 1.0, s * b_num - b_den + 1.0


# ------------------------------------------------------------------------------------------------
# Gamma
# ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Gamma:
    """Gamma(shape, rate); natural parameters ``(shape - 1, -rate)``; Gamma(1, 0) is uniform."""

    shape: float
    rate: float

    @staticmethod
    def from_mean_var(mean: float, var: float) -> "Gamma":
        if not (mean > 0 and var > 0):
            raise ValueError(f"mean and var must be positive, got mean={mean!r}, var={var!r}")
        return Gamma(mean * mean / var, mean / var)

    @property
    def mean(self) -> float:
        return self.shape / self.rate

    @property
    def var(self) -> float:
        return self.shape / self.rate ** 2

    def __mul__(self, other: "Gamma") -> "Gamma":
        return Gamma(self.shape + other.shape - 1.0, self.rate + other.rate)

    def __truediv__(self, other: "Gamma") -> "Gamma":
        return Gamma(self.shape - other.shape + 1.0, self.rate - other.rate)

    def divide_proper(self, den: "Gamma") -> "Gamma":
        """``self / den`` with Infer.NET's forceProper rule for Gamma (spec 2.2).

        When the ratio would be improper, Infer.NET keeps the numerator's mean in the product
        ``ratio * den``: it returns ``Gamma(1, shape_den / mean_num - rate_den)`` (or a zero-rate
        message if that would not be proper).
        """
        a_num, b_num, a_den, b_den = self.shape, self.rate, den.shape, den.rate
        if b_num == 0:
            return Gamma(1.0 + max(0.0, a_num - a_den), 0.0)
        if a_num < a_den or b_num < b_den:
            mean = a_num / b_num
            shape = mean * b_den + 1.0 - a_den
            if shape < 1.0:
                return Gamma(1.0, a_den / mean - b_den)
            return Gamma(shape, 0.0)
        return Gamma(a_num - a_den + 1.0, b_num - b_den)
