"""The solo table over HTTP: one person and bots at a game's table, run through the game's
driver (``session``): the table of a game run wholly by its driver (``driver_table``) and
Ban Luck's session, which keeps more (``banluck_game``), its provably fair shoe
(``fair``), a house chosen (``house``), the statistics (``stats``), the trainer's drill
(``drill``) and the guided first hand (``guide``); ``service`` loads, runs and stores a
table for one request.
"""
