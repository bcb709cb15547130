CREATE TABLE reviewers (
    reviewer_pr_id        INTEGER NOT NULL,
    reviewer_principal_id INTEGER NOT NULL,
    reviewer_decision     TEXT NOT NULL,
    reviewer_created      BIGINT NOT NULL,
    CONSTRAINT pk_reviewers PRIMARY KEY (reviewer_pr_id, reviewer_principal_id)
);
