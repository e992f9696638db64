"""The figure layer's support: the plot style (:mod:`.plotstyle`), the claims records every figure's claims are
judged into (:mod:`.claims`), and the scorecard that gathers them (:mod:`.scorecard`).

Only ``figures``, the figure and scorecard scripts and the tests import it; no science module or science rule
does (asserted in tests/test_code_deps.py). It imports only ``core`` (atomic writes).
"""
