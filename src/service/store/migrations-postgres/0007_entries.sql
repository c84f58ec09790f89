-- An entry exactly as a values read answers it (spec 2.3, 4.14), rendered as JSON text whenever
-- the entry or what it shows changes (renderEntries in fileValues.ts): a read returns the stored
-- text instead of building it. `entry_capped` cuts tables to 100 rows and is NULL when no table is
-- longer (as shown_fields_capped).
ALTER TABLE form_values ADD COLUMN entry TEXT;
ALTER TABLE form_values ADD COLUMN entry_capped TEXT;

-- Entries written before this migration: the service renders them when it opens its database,
-- with the same SQL as new ones. This index finds them without reading the table.
CREATE INDEX form_values_unrendered ON form_values (id) WHERE entry IS NULL;
