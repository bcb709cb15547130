CREATE TABLE key_changes (
    change_id bigserial PRIMARY KEY,
    user_id   text NOT NULL,
    CONSTRAINT key_changes_per_user UNIQUE (user_id)
);
