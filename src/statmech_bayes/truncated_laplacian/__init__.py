"""Hartog & van Zanten (2018): Bayesian label prediction on a large graph with a randomly truncated
Laplacian eigen-series prior, sampled by reversible-jump MCMC (Algorithm 1).

Modules:

* :mod:`.eigenbasis`  - graph Laplacian ``L = D - A`` and eigenbases behind one interface: explicit
  DCT-II bases for path and grid graphs (eq. 4, corrected; Mohar Thm 3.5), dense ``eigh`` and sparse
  ``eigsh`` bases with a deterministic sign convention.
* :mod:`.sampler`     - Algorithm 1 (latent probit Gibbs step, reversible jump on k with the corrected
  squared acceptance ratio, coefficient and scale conditionals) and the untruncated method of [4].
* :mod:`.graphs`      - path, Watts-Strogatz small-world ring (largest component), Cartesian grids.
* :mod:`.synthetic`   - the truth ``f0 = sum_k w_k u^(k)`` of Section 5.1 and the noisy, partly
  removed labels.
* :mod:`.tracking`    - the 9-frame object-tracking video of Section 5.3.
* :mod:`.mnist_graph` - the 4-vs-9 MNIST graph of Section 5.2 (PCA-50, symmetrised 15-NN).
* :mod:`.experiments` - one function per figure's computation, returning dicts of numpy arrays; a package
  with one module per experiment (path, small world, the graph chains, MNIST, tracking) and their shared helpers.
"""
