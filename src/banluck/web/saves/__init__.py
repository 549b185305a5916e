"""The solo tables' save formats: the one table save (``table_save``), the families' formats
still kept (``banluck_save``, ``kampung_save``) and blackjack's earlier one, read into the
one (``blackjack_save``), what they share (``records``) and the codecs that turn a stored
text into a table and back (``codecs``).
"""
