-- The same table as another dialect's schema defines it, read after the
-- first: its key has no name.
DROP TABLE IF EXISTS key_changes;
CREATE TABLE key_changes (
    change_id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id   TEXT NOT NULL,
    UNIQUE (user_id)
);
