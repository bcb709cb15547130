CREATE TABLE documents (
    id      BIGSERIAL PRIMARY KEY,
    title   TEXT NOT NULL
);
