CREATE TABLE notes (
  id INTEGER PRIMARY KEY,
  body TEXT NOT NULL
);
CREATE TABLE links (
  id INTEGER PRIMARY KEY,
  url TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL DEFAULT '',
  clicks INTEGER NOT NULL DEFAULT 0
);
-- A change feed: REPLACE bumps the change id of the user on purpose.
CREATE TABLE key_changes (
  change_id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL,
  UNIQUE (user_id)
);
