// Scoring an answer against what the truth says it must state and cite.
import { normalizeName } from '../../../src/service/agent/engine/records.js';
import type { EvalQuestion } from './questions.js';

export interface Job {
  status: string;
  answer: string | null;
  citations: Array<{ file_id: string; document_id: string }>;
}

/** Words an answer uses to say the thing is not in the documents (or is ambiguous). */
const REFUSAL = /no document|no line item|more than one vendor|no figure|見つから|複数あります|お示しでき|条件に合う文書はない/i;
/** A money figure: digits with cents, or a currency code or yen beside digits. */
const FIGURE = /\d[\d,]*\.\d{2}\b|\b[A-Z]{3} -?\d|\d円/;

export function scoreAnswer(q: EvalQuestion, job: Job): { ok: boolean; why: string[] } {
  const why: string[] = [];
  const answer = job.answer ?? '';
  const text = normalizeName(answer);
  if (job.status !== 'COMPLETED') why.push(`status ${job.status}`);
  for (const t of q.expect.texts ?? []) if (!answer.includes(t) && !text.includes(normalizeName(t))) why.push(`missing "${t}"`);
  if (q.expect.count !== undefined) {
    const n = q.expect.count;
    const said = q.lang === 'ja' ? new RegExp(`(^|[^\\d,])${n}件`).test(answer) : new RegExp(`\\b${n} (document|invoice)s?\\b`).test(answer);
    if (!said) why.push(`count ${n} not stated`);
  }
  if (q.expect.refuse) {
    if (!REFUSAL.test(answer)) why.push('no refusal');
    if (FIGURE.test(answer)) why.push('a figure was given');
  }
  const cited = new Set(job.citations.map((c) => c.document_id));
  const missing = (q.expect.cites ?? []).filter((id) => !cited.has(id));
  if (missing.length) why.push(`${missing.length} document(s) not cited`);
  if (q.expect.only) {
    const allowed = new Set(q.expect.cites ?? []);
    const extra = [...cited].filter((id) => !allowed.has(id));
    if (extra.length) why.push(`${extra.length} other document(s) cited`);
  }
  return { ok: why.length === 0, why };
}
