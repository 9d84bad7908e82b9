-- Messages sent with the home page's contact form (sqlite; kept in step with
-- ../postgres/0022_contact_messages.sql). Each is also mailed to the shop's
-- address, through the outbox, in the transaction that stores it.
CREATE TABLE contact_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email      TEXT NOT NULL,
    subject    TEXT NOT NULL,
    message    TEXT NOT NULL,
    created_at TEXT NOT NULL
);
