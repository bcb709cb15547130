CREATE TABLE devices (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id    bigint NOT NULL REFERENCES users (id),
    token      text NOT NULL,
    status     text NOT NULL DEFAULT 'pending',
    CONSTRAINT devices_token_key UNIQUE (token)
);
CREATE TABLE bookings (
    room_id  int NOT NULL,
    during   tstzrange NOT NULL,
    CONSTRAINT bookings_no_overlap EXCLUDE USING gist (room_id WITH =, during WITH &&)
);
