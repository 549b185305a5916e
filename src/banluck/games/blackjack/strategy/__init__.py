"""B10: blackjack's exact solver (a combinatorial analysis of one seat's hand: ``solver``, its
hot loops ``kernel`` compiled ahead of time by ``native``, the dealer's drawing graph
``dealer_graph``), the solved strategy as a chart (``chart``) and as the shipped tables the
bots and the Hint read (``tables``, ``shipped``, ``data/``; ``play``), the side bets' exact
edges (``sidebets``, ``bustplay``), the value of each rule (``rulevalues``) and ``banluck
odds`` / ``banluck strategy`` (``command``).
"""
