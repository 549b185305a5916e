-- The rooms shared by every server process: one row per room (its JSON, a revision raised
-- by every write, the open sockets of each process), the processes' heartbeats, the
-- database's own keys, and every finished hand of a room. Written so that a database made
-- before migrations were kept (the same tables, made at start) is taken as it is.
CREATE TABLE IF NOT EXISTS banluck_rooms (
    code TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    rev BIGINT NOT NULL DEFAULT 1,
    presence JSONB NOT NULL DEFAULT '{}'::jsonb,
    updated TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS banluck_room_processes (
    process TEXT PRIMARY KEY,
    beat TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS banluck_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
ALTER TABLE banluck_rooms ADD COLUMN IF NOT EXISTS host TEXT;
DO $$ BEGIN
    UPDATE banluck_rooms SET host = data::jsonb ->> 'host' WHERE host IS NULL;
EXCEPTION WHEN invalid_text_representation THEN NULL;
END $$;
CREATE INDEX IF NOT EXISTS banluck_rooms_host ON banluck_rooms (host);
CREATE TABLE IF NOT EXISTS banluck_room_hands (
    code TEXT NOT NULL,
    hand BIGINT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (code, hand)
);
