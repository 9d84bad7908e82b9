-- The audit log can only grow (SQLite). Kept in step with
-- ../postgres/0019_audit_append_only.sql.
--
-- The shop has no route or code path that changes or deletes a record of
-- the audit log (D27); these triggers make the database itself refuse it,
-- so neither a fault in the shop nor a statement sent through it can. The
-- owner of the database file can still drop them: the log is as safe as
-- the file.
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;
