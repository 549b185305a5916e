"""``banluck simulate --preset classic|infinite``: the compiled hand (``kernel``) on the rules
and a strategy as arrays (``tables``, ``sidebets``), its shoe (``shoe``), a run over worker
processes (``runner``) and the command (``command``).
"""
