"""Ban Luck: the twenty-one of Singapore and Malaysia."""

__version__ = "0.1.0"
