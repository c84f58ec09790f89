// The values side of the review page (issue 16): one labelled input per field with its confidence,
// line items as an editable table. Keys: Tab moves, typing replaces (the text is selected on focus),
// Enter confirms a field and moves on, Ctrl+Enter confirms the document (handled by the page).
import type { ReviewFieldView } from '../../../src/control/views.js';
import { t } from '../i18n.js';

export type Rows = Array<Record<string, unknown>>;
export type Edit = string | Rows;

interface Props {
  docIndex: number;
  fields: ReviewFieldView[];
  threshold: number;
  edits: Map<string, Edit>;
  confirmed: Set<string>;
  active: string | null;
  onEdit(key: string, value: Edit): void;
  onFocus(key: string, field: ReviewFieldView): void;
  onConfirm(key: string, input: HTMLElement): void;
}

export const fieldKey = (doc: number, title: string) => `${doc}\u0000${title}`;
export const cellKey = (doc: number, title: string, row: number, col: string) => `${doc}\u0000${title}\u0000${row}\u0000${col}`;

export function displayValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

const isItems = (f: ReviewFieldView) => f.type === 'object' || Array.isArray(f.value);

export function FieldList(p: Props) {
  return (
    <div class="fields">
      {p.fields.map((f) => (isItems(f) ? <ItemsTable {...p} field={f} /> : <FieldRow {...p} field={f} />))}
    </div>
  );
}

function Confidence({ field, threshold }: { field: ReviewFieldView; threshold: number }) {
  if (field.value === null || field.value === '') return <span class="conf muted">{t('review.empty')}</span>;
  if (field.confidence === null) return <span class="conf muted">{t('review.noConfidence')}</span>;
  const low = field.confidence < threshold;
  return <span class={`conf ${low ? 'low' : 'sure'}`}>{t('review.confidence', { pct: Math.round(field.confidence * 100) })}</span>;
}

function FieldRow(p: Props & { field: ReviewFieldView }) {
  const { field } = p;
  const key = fieldKey(p.docIndex, field.title);
  const id = `f-${p.docIndex}-${field.title.replace(/\W+/g, '-')}`;
  const edit = p.edits.get(key);
  const value = typeof edit === 'string' ? edit : displayValue(field.value);
  const done = p.confirmed.has(key);
  return (
    <div class={`field${field.flagged ? ' flagged' : ''}${done ? ' done' : ''}${p.active === key ? ' active' : ''}`} data-field={field.title}>
      <label for={id}>{field.title}</label>
      <input
        id={id}
        data-field-input
        value={value}
        aria-describedby={`${id}-info`}
        aria-invalid={field.flagged && !done ? 'true' : undefined}
        onFocus={(e) => (p.onFocus(key, field), (e.currentTarget as HTMLInputElement).select())}
        onInput={(e) => p.onEdit(key, (e.currentTarget as HTMLInputElement).value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
            e.preventDefault();
            p.onConfirm(key, e.currentTarget as HTMLElement);
          }
        }}
      />
      <span id={`${id}-info`} class="info">
        <Confidence field={field} threshold={p.threshold} />
        {field.flagged && !done && <span class="low"> · {t('review.low')}</span>}
        {done && <span class="ok"> · {t('review.confirmed')}</span>}
        {field.corrected && <span class="muted"> · {t('review.correctedFrom', { from: displayValue(field.corrected.from) || t('review.empty') })}</span>}
      </span>
    </div>
  );
}

function ItemsTable(p: Props & { field: ReviewFieldView }) {
  const { field } = p;
  const key = fieldKey(p.docIndex, field.title);
  const edit = p.edits.get(key);
  const rows: Rows = Array.isArray(edit) ? edit : Array.isArray(field.value) ? (field.value as Rows) : [];
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r ?? {})))];
  if (columns.length === 0) columns.push('Description', 'Quantity', 'Unit Price', 'Amount');
  const set = (i: number, col: string, text: string) => {
    const was = rows[i]?.[col];
    const value = typeof was === 'number' && text.trim() !== '' && !Number.isNaN(Number(text.replace(/,/g, ''))) ? Number(text.replace(/,/g, '')) : text;
    p.onEdit(key, rows.map((r, j) => (j === i ? { ...r, [col]: value } : r)));
  };
  return (
    <div class={`field items${field.flagged ? ' flagged' : ''}`} data-field={field.title}>
      <table class="sub">
        <caption>
          {field.title} <Confidence field={field} threshold={p.threshold} />
        </caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            {columns.map((c) => <th scope="col">{c}</th>)}
            <th scope="col"><span class="visually-hidden">{t('action.remove')}</span></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr>
              <th scope="row">{i + 1}</th>
              {columns.map((c) => {
                const k = cellKey(p.docIndex, field.title, i, c);
                return (
                  <td>
                    <input
                      aria-label={`${field.title} ${t('review.row', { n: i + 1 })}: ${c}`}
                      data-field-input
                      value={displayValue(r?.[c])}
                      onFocus={(e) => (p.onFocus(k, field), (e.currentTarget as HTMLInputElement).select())}
                      onInput={(e) => set(i, c, (e.currentTarget as HTMLInputElement).value)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
                          e.preventDefault();
                          p.onConfirm(k, e.currentTarget as HTMLElement);
                        }
                      }}
                    />
                  </td>
                );
              })}
              <td>
                <button type="button" aria-label={t('review.removeRow', { n: i + 1 })} onClick={() => p.onEdit(key, rows.filter((_, j) => j !== i))}>×</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={() => p.onEdit(key, [...rows, Object.fromEntries(columns.map((c) => [c, '']))])}>{t('review.addRow')}</button>
    </div>
  );
}
