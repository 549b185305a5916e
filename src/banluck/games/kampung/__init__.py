"""Kampung house rules (seed 004): a banker who decides which hands to open, the burn,
7-7-7 and anyone holding the bank. Rule ids K* refer to ``shared/spec/KAMPUNG.md``.
"""
