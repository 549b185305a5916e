"""The ledger of a real-card table over HTTP: its routes (``http``) and the live view's socket
(``live``).
"""
