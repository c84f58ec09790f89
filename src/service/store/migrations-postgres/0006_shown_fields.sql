-- PostgreSQL spelling of migrations/0006_shown_fields.sql: an entry's fields as the API shows
-- them, rendered when the values are written (shownFields in fileValues.ts), kept as JSON text
-- (json, which keeps its keys' order). A PostgreSQL database starts empty: no rows to render.
ALTER TABLE form_values ADD COLUMN shown_fields TEXT;
ALTER TABLE form_values ADD COLUMN shown_fields_capped TEXT;
