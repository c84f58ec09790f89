-- What each processed document is (processing/doctype.ts: invoice, receipt, credit_note, letter,
-- note, delivery_note, bank_statement, other), shown as `documentType` on its formValues entries so
-- a client does not count a letter as an invoice. NULL for entries written before classification.
ALTER TABLE form_values ADD COLUMN document_type TEXT;

-- Stored renderings lack the new property: render them again when the service opens its database.
UPDATE form_values SET entry = NULL, entry_capped = NULL;
