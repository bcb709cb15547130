CREATE TABLE users (
    id    BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL,
    name  TEXT NOT NULL
);
CREATE INDEX users_email_idx ON users (email);
