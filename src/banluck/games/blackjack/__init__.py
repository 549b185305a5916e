"""Blackjack with a permanent bank (``classic``, seed 001) and Infinite Blackjack
(``infinite``, seed 002): rules as data (``rules``), totals (``hands``), the round, views,
replay, the solver and the simulator. Rule ids B*, C*, I* refer to ``shared/spec/BLACKJACK.md``.
"""
