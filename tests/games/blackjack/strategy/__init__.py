"""Exact odds, the solved strategy and the Hint for classic and infinite (issue 8)."""
