CREATE TABLE folders (
    id      BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    title   TEXT NOT NULL,
    hidden  BOOLEAN NOT NULL DEFAULT false,
    UNIQUE (user_id, title)
);

CREATE TABLE members (
    id    BIGSERIAL PRIMARY KEY,
    login TEXT NOT NULL
);
CREATE UNIQUE INDEX members_login_lower_idx ON members USING btree (lower((login)::text));

CREATE TABLE labels (
    id      BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    name    TEXT NOT NULL
);

CREATE TABLE tags (
    id   BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL
);
CREATE UNIQUE INDEX tags_name_hash_idx ON tags (md5(name));

CREATE TABLE badges (
    id   BIGSERIAL PRIMARY KEY,
    code TEXT NOT NULL
);
CREATE UNIQUE INDEX badges_code_idx ON badges (NULLIF(code, ''));
