-- Accounts people can recover and trust (PostgreSQL). Kept in step with ../sqlite/0008_accounts.sql.

-- When the account's address was proved to belong to its owner: a verification
-- link opened, a password reset by a mailed link, or a Google sign-in with the
-- address verified by Google. NULL: not yet.
ALTER TABLE users ADD COLUMN email_verified_at TEXT;
-- Tokens issued before this moment (microseconds since 1970, UTC) no longer
-- sign in: set by a password change or reset, signing out everywhere, and a
-- Google owner taking over an unverified account. NULL: every token counts.
ALTER TABLE users ADD COLUMN tokens_valid_after BIGINT;

-- One-time links mailed to an account: checking its address (`verify_email`)
-- or choosing a new password (`reset_password`). Only the SHA-256 of the
-- link's token is kept, so the table alone opens nothing; a link works once
-- (`used_at`) and until `expires_at` (RFC 3339 UTC text, sorts as time).
CREATE TABLE account_tokens (
    token_hash TEXT    PRIMARY KEY,
    user_id    BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT    NOT NULL CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('verify_email', 'reset_password')),
    -- The address the link was sent to: a verification proves this one.
    email      TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    expires_at TEXT    NOT NULL,
    used_at    TEXT
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);
