"""The solo tables' save formats: the one table save (``table_save``), Ban Luck's format
(``banluck_save``) and blackjack's and kampung's earlier ones, read into the one
(``blackjack_save``, ``kampung_save``), what they share (``records``) and the codecs that
turn a stored text into a table and back (``codecs``).
"""
