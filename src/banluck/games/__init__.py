"""The family of games: a registry from preset name to each game's parts (``registry``)."""

from banluck.games.registry import GAMES, Game, game

__all__ = ["GAMES", "Game", "game"]
