"""K18: the kampung table's bots and the Hint for both sides: the model's equilibrium as the
bots play it (``policy``, ``mixed``), the player's tables over its own hand (``tables``) and
the solved strategy shipped as package data (``shipped``).
"""
