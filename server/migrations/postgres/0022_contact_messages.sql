-- Messages sent with the home page's contact form (postgres; kept in step with
-- ../sqlite/0022_contact_messages.sql). Each is also mailed to the shop's
-- address, through the outbox, in the transaction that stores it.
CREATE TABLE contact_messages (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email      TEXT NOT NULL,
    subject    TEXT NOT NULL,
    message    TEXT NOT NULL,
    created_at TEXT NOT NULL
);
