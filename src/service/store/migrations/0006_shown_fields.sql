-- An entry's fields as the API shows them (spec 2.3), rendered when the values are written
-- (shownFields in fileValues.ts): a values read splices them into its answer instead of parsing and
-- serialising the stored fields on every request. `shown_fields_capped` cuts tables to 100 rows
-- (TABLE_ROW_CAP) and is NULL when no table is longer.
-- Both are JSONB, which json_object embeds without parsing it again (read them with json()).
ALTER TABLE form_values ADD COLUMN shown_fields BLOB;
ALTER TABLE form_values ADD COLUMN shown_fields_capped BLOB;

-- Entries written before this migration, rendered here once the way shownFields renders new ones
-- (test/unit/service/shownFields.test.ts compares the two).
-- Every column of the view is JSON text: values lose their JSON subtype through a view, so the
-- UPDATE marks them again with json().
CREATE TEMP VIEW shown_field_parts AS
SELECT v.id AS value_id, j.key AS position, j.value->'title' AS title, json_quote(lower(coalesce(j.value->>'type', ''))) AS type,
       CASE WHEN j.value->>'description' IS NULL THEN '""' ELSE j.value->'description' END AS description,
       CASE WHEN j.value->>'hidden' IS NULL THEN 'false' ELSE j.value->'hidden' END AS hidden,
       coalesce(j.value->'value', 'null') AS value,
       CASE WHEN json_array_length(j.value, '$.value') > 100 THEN
         (SELECT json_group_array(k.value ORDER BY k.key) FROM json_each(j.value, '$.value') k WHERE k.key < 100)
       END AS capped_value
FROM form_values v, json_each(v.fields) j;

UPDATE form_values SET
  shown_fields = (
    SELECT jsonb_group_array(json_object('title', json(p.title), 'type', json(p.type), 'description', json(p.description), 'hidden', json(p.hidden),
      'value', json(p.value)) ORDER BY p.position)
    FROM shown_field_parts p WHERE p.value_id = form_values.id),
  shown_fields_capped = (
    SELECT jsonb_group_array(json_object('title', json(p.title), 'type', json(p.type), 'description', json(p.description), 'hidden', json(p.hidden),
      'value', json(coalesce(p.capped_value, p.value))) ORDER BY p.position)
    FROM shown_field_parts p WHERE p.value_id = form_values.id HAVING count(p.capped_value) > 0);

DROP VIEW shown_field_parts;
