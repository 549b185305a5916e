"""The solo table over HTTP: one person and bots at a game's table, run through the game's
driver (``session``), each family's stakes, answers and history (``banluck_game``,
``blackjack_game``, ``kampung_game``; a game with no save format of its own:
``driver_table``), its provably fair shoe (``fair``), a house chosen (``house``), the
statistics (``stats``), the trainer's drill (``drill``) and the guided first hand
(``guide``); ``service`` loads, runs and stores a table for one request.
"""
