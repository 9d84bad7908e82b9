-- Which passwords an account's owner is known to have set, and which Google
-- account signs into it (SQLite). Kept in step with
-- ../postgres/0018_trusted_accounts.sql.

-- When the account's password was shown to be its address owner's: set
-- through a reset link mailed to the address, or the address verified by a
-- link opened while signed in with that password. NULL: the password may be
-- a stranger's who signed up with someone else's address, and the owner's
-- Google sign-in clears it. Admins' passwords are the operator's.
ALTER TABLE users ADD COLUMN password_proved_at TEXT;
UPDATE users SET password_proved_at = created_at WHERE role = 'admin' AND password_hash IS NOT NULL;

-- The Google (OpenID Connect) account that signs into this one, by the
-- provider's subject id, which stays when the person's address changes.
-- One Google account signs into one shop account.
ALTER TABLE users ADD COLUMN google_subject TEXT;
CREATE UNIQUE INDEX users_google_subject_key ON users (google_subject);
