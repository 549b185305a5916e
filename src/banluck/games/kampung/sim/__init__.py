"""The bank's edge of a kampung house measured by simulation: the compiled hand (``hand``,
``kernel``) run over worker processes (``runner``, with common random numbers: ``paired``),
the table's own round played by its bots (``engine``), a house's edge (``edge``), the
preset's shipped figures (``odds_shipped``) and ``banluck simulate`` (``command``).
"""
