-- depends: 0001.rooms
-- Every browser's own tables, as the SQLite save keeps them (store/sqlite.py): the
-- players, their hands of the table game, their records and hands of every other game,
-- the records that could not be read (kept, never deleted), and the shared ledgers of
-- real-card tables.
CREATE TABLE banluck_players (
    id TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    updated TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX banluck_players_updated ON banluck_players (updated);
CREATE TABLE banluck_history (
    player TEXT NOT NULL,
    hand BIGINT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (player, hand)
);
CREATE TABLE banluck_corrupt_saves (
    id BIGSERIAL PRIMARY KEY,
    player TEXT NOT NULL,
    data TEXT NOT NULL,
    reason TEXT NOT NULL,
    moved TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX banluck_corrupt_saves_player ON banluck_corrupt_saves (player);
CREATE TABLE banluck_game_saves (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (player, game)
);
CREATE TABLE banluck_game_history (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    hand BIGINT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (player, game, hand)
);
CREATE TABLE banluck_ledgers (
    code TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    version BIGINT NOT NULL,
    data TEXT NOT NULL,
    updated TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX banluck_ledgers_owner ON banluck_ledgers (owner);
