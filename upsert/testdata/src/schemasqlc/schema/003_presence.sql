CREATE SEQUENCE presence_stream;
CREATE TABLE presence (
    id       bigint PRIMARY KEY DEFAULT nextval('presence_stream'),
    user_id  text NOT NULL UNIQUE,
    state    text NOT NULL
);
