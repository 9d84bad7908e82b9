-- The audit log can only grow (PostgreSQL). Kept in step with
-- ../sqlite/0019_audit_append_only.sql.
--
-- The shop has no route or code path that changes or deletes a record of
-- the audit log (D27); these triggers make the database itself refuse it,
-- TRUNCATE included, so neither a fault in the shop nor a statement sent
-- through it can. The table's owner can still drop them: the log is as
-- safe as the database's roles.
CREATE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only';
END;
$$;

CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
