CREATE TABLE documents (
    id      BIGSERIAL PRIMARY KEY,
    title   TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0
);
