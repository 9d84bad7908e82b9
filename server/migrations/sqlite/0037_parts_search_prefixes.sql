-- The word index keeps the parts of every one-, two- and three-letter start
-- of a word as lists of their own (FTS5's `prefix` option). A search asks for
-- each word as the start of words (`"for"*`); without such a list FTS5 first
-- gathers the lists of every word starting with it into one, before the first
-- part comes: at a million parts, `for` (`for`, `ford`, ...) or `the` gather
-- a million entries or more, again for each such word of each query a search
-- runs, where a list of their own is read as far as needed and skipped along
-- like any word's. Short words are the common ones of a sentence ("pads for
-- the corolla", "a/c compressor"). The index grows by about a fifth of the
-- whole database (1.20 to 1.42 GB at a million parts). FTS5 cannot change the
-- option of a table it has, so the table is made again, with the same
-- columns, tokenizer and triggers, and rebuilt from `parts`.
DROP TABLE parts_search;

CREATE VIRTUAL TABLE parts_search USING fts5(
    name, description, sku,
    content = 'parts', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 0',
    prefix = '1 2 3'
);

INSERT INTO parts_search (parts_search) VALUES ('rebuild');
