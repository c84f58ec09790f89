import { randomUUID } from 'node:crypto';
import { dialectOf, prepared, type DB } from './sql.js';
import type { FieldDefinition, SchemaForExtraction } from '../processing/types.js';

interface SchemaRow {
  id: string;
  blueprint_id: string;
  name: string;
  fields: string;
}

const toExtraction = (row: SchemaRow): SchemaForExtraction => ({
  id: row.id,
  blueprintId: row.blueprint_id,
  name: row.name,
  fields: JSON.parse(row.fields) as FieldDefinition[],
});

/** A live schema of the workspace, for extraction. */
export function getSchemaForExtraction(db: DB, workspaceId: string, schemaId: string): SchemaForExtraction | undefined {
  const row = prepared(db, 'SELECT id, blueprint_id, name, fields FROM schemas WHERE id = ? AND workspace_id = ? AND deleted_at IS NULL')
    .get(schemaId, workspaceId) as SchemaRow | undefined;
  return row && toExtraction(row);
}

/** The default schema of every live file type of the workspace: the candidates for classification. */
export function candidateSchemas(db: DB, workspaceId: string): SchemaForExtraction[] {
  const rows = prepared(db,
      `SELECT s.id, s.blueprint_id, s.name, s.fields FROM blueprints b JOIN schemas s ON s.id = b.default_schema_id
       WHERE b.workspace_id = ? AND b.deleted_at IS NULL AND s.deleted_at IS NULL ORDER BY b.is_default DESC, b.created_at`,
    )
    .all(workspaceId) as SchemaRow[];
  return rows.map(toExtraction);
}

/** The default file type's schema (decisions 7): used when an upload names none and classification is off. */
export function defaultSchema(db: DB, workspaceId: string): SchemaForExtraction | undefined {
  return candidateSchemas(db, workspaceId)[0];
}

const field = (title: string, type: FieldDefinition['type'], description: string, format?: string): FieldDefinition => ({
  id: randomUUID(),
  title,
  type,
  description,
  ...(format ? { format } : {}),
  hidden: false,
});

/** The fields of the seeded "Invoice" file type. */
export function invoiceFields(): FieldDefinition[] {
  return [
    field('Invoice Number', 'STRING', 'The identifier of the invoice, e.g. "INV-1042".', 'text'),
    field('Invoice Date', 'DATE', 'The date the invoice was issued.', 'date'),
    field('Due Date', 'DATE', 'The date payment is due.', 'date'),
    field('Vendor Name', 'STRING', 'The company that issued the invoice.', 'text'),
    field('Total', 'NUMBER', 'The total amount due, tax included.', 'currency'),
    field('Tax', 'NUMBER', 'The tax amount (VAT, GST, sales tax).', 'currency'),
    field('Currency', 'STRING', 'ISO 4217 code of the currency, e.g. "USD".', 'text'),
    {
      ...field('Line Items', 'OBJECT', 'The invoice lines.'),
      inlineListType: 'MULTIPLE',
      items: [
        field('Description', 'STRING', 'What was sold.'),
        field('Quantity', 'NUMBER', 'How many units.', 'number'),
        field('Unit Price', 'NUMBER', 'Price of one unit.', 'currency'),
        field('Amount', 'NUMBER', 'Line total.', 'currency'),
      ],
    },
  ];
}

/** Seed the workspace's default "Invoice" file type once (idempotent). */
export function seedInvoiceFileType(db: DB, workspaceId: string): void {
  db.transaction(() => {
    // Several team-service processes may seed one workspace at once: one at a time (SQLite has one writer anyway).
    if (dialectOf(db) === 'postgres') prepared(db, 'SELECT pg_advisory_xact_lock(hashtext(?))').get(`seed:${workspaceId}`);
    const exists = prepared(db, 'SELECT 1 FROM blueprints WHERE workspace_id = ? AND is_default = 1').get(workspaceId);
    if (exists) return;
    const now = new Date().toISOString();
    const blueprintId = randomUUID();
    const schemaId = randomUUID();
    prepared(db,
      `INSERT INTO blueprints (id, workspace_id, class_name, name, status, locked, default_schema_id, is_default, created_at, updated_at)
       VALUES (?, ?, 'Invoice', 'Invoice', 'APPROVED', 0, ?, 1, ?, ?)`,
    ).run(blueprintId, workspaceId, schemaId, now, now);
    prepared(db,
      `INSERT INTO schemas (id, blueprint_id, workspace_id, name, version, fields, created_at, updated_at)
       VALUES (?, ?, ?, 'Invoice', '1.0.0', ?, ?, ?)`,
    ).run(schemaId, blueprintId, workspaceId, JSON.stringify(invoiceFields()), now, now);
  })();
}

/** A schema's name (also of a deleted one: values keep the name they were read with); '' when unknown. */
export function schemaNameOf(db: DB, schemaId: string): string {
  return (prepared(db, 'SELECT name FROM schemas WHERE id = ?').pluck().get(schemaId) as string | undefined) ?? '';
}

/** Spec part 3, rule 4: schemaLocking locks the schema a file was uploaded or read with. */
export function lockSchema(db: DB, workspaceId: string, schemaId: string): void {
  prepared(db, 'UPDATE schemas SET locked = 1 WHERE id = ? AND workspace_id = ?').run(schemaId, workspaceId);
}
