"""The dealer's draws as a graph evaluated for many shoes at once, shared by the exact solvers.

A family says what drawing each rank does from each partial hand (``graph.draw_graph``:
stop with an outcome, go on drawing, or impossible); ``kernel.graph_outcomes`` walks that
graph forward for thousands of shoes at a time; ``native`` is its ahead-of-time build. The
rules stay in the family: this package knows cards and probabilities only.
"""
