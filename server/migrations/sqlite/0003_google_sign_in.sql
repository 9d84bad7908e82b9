-- Google (OpenID Connect) sign-in (SQLite). Kept in step with ../postgres/0003_google_sign_in.sql.
-- Accounts made this way have no password: users.password_hash is already nullable.

-- A sign-in started at the provider and not yet finished, keyed by the `state`
-- sent there. It belongs to the browser holding the cookie whose SHA-256 is
-- `browser_hash`, and is deleted when the provider sends the browser back, so
-- a state works once.
CREATE TABLE oidc_flows (
    state         TEXT    PRIMARY KEY,
    browser_hash  TEXT    NOT NULL,
    nonce         TEXT    NOT NULL,
    pkce_verifier TEXT    NOT NULL,
    redirect      TEXT    NOT NULL,
    expires_at    INTEGER NOT NULL
);

-- A finished sign-in waiting for the web app to collect its token: a
-- short-lived code (kept as its SHA-256) that works once, from the same browser.
CREATE TABLE oidc_handoffs (
    code_hash    TEXT    PRIMARY KEY,
    browser_hash TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    redirect     TEXT    NOT NULL,
    expires_at   INTEGER NOT NULL
);
