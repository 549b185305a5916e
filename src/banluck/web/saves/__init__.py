"""The solo tables' save formats: each family's record read and written (``banluck_save``,
``blackjack_save``, ``kampung_save``), what they share (``records``) and the codecs that
turn a stored text into a table and back (``codecs``).
"""
