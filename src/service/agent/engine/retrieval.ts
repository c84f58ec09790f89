// Retrieval over the documents in scope: the full-text index of page text and extracted
// values (kept current by triggers, migration 0004), ranked by BM25; Japanese questions, which
// the word tokenizer cannot split, are matched by substring over the scoped pages. On
// PostgreSQL (the team service) the same search runs over document_pages and form_values
// themselves with to_tsvector('simple', ...), ranked by ts_rank: the same passages where the
// words match as they are; unlike FTS5's tokenizer, 'simple' keeps diacritics.
import type { Citation } from '../../../contract/agent.js';
import { dialectOf, type DB } from '../../store/sql.js';
import type { ScopedDocument } from '../scope.js';
import { hasJapanese } from './language.js';

export interface Passage extends Citation {
  fileName: string;
  score: number;
}

const STOP = new Set(
  'a an and are as at be by did do does for from had has have how i in is it its me my of on or our show tell that the their there this to us was we were what when where which who why will with you your about any all can could please find give list document documents file files'.split(' '),
);

/** Words worth searching for. */
export function queryTerms(prompt: string): string[] {
  const words = prompt.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}\-_.]*/gu) ?? [];
  return [...new Set(words.map((w) => w.replace(/[.\-_]+$/, '')).filter((w) => w.length >= 2 && !STOP.has(w)))].slice(0, 24);
}

/** Japanese terms: runs of kanji, katakana or latin, which particles (hiragana) separate. */
function japaneseTerms(prompt: string): string[] {
  const runs = prompt.normalize('NFKC').match(/[\u4e00-\u9fff\u3400-\u4dbf]{2,}|[\u30a0-\u30ff]{2,}|[A-Za-z0-9][A-Za-z0-9\-.]{1,}/g) ?? [];
  return [...new Set(runs)];
}

/** The line of `text` that holds most terms, clipped around the first hit. */
export function bestLine(text: string, terms: string[]): string {
  const lines = text.split(/\r?\n|(?<=[.。!?])\s+/).map((l) => l.trim()).filter(Boolean);
  let best = lines[0] ?? '';
  let bestHits = -1;
  for (const l of lines) {
    const low = l.toLowerCase();
    const hits = terms.filter((t) => low.includes(t.toLowerCase())).length;
    if (hits > bestHits) [best, bestHits] = [l, hits];
  }
  return best.length > 240 ? `${best.slice(0, 239)}…` : best;
}

const ftsQuery = (terms: string[]) => terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');

/** to_tsquery text: each term a quoted lexeme, any of them. */
const tsQuery = (terms: string[]) => terms.map((t) => `'${t.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');

/** The text of a values row as the SQLite index holds it: "Title: value" lines. */
const VALUE_TEXT = `(SELECT coalesce(string_agg((f.value->>'title') || ': ' || coalesce(f.value->>'value', ''), E'\\n'), '')
  FROM json_array_elements(v.fields::json) AS f(value))`;

type Hit = { document_id: string; file_id: string; page: number | null; text: string; rank: number };

function matches(db: DB, docs: ScopedDocument[], terms: string[], limit: number): Hit[] {
  const marks = docs.map(() => '?').join(',');
  const ids = docs.map((d) => d.documentId);
  if (dialectOf(db) === 'postgres') {
    const pages = db
      .prepare(
        `SELECT document_id, file_id, page, text, -ts_rank(to_tsvector('simple', text), q) AS rank
         FROM document_pages, to_tsquery('simple', ?) AS q
         WHERE to_tsvector('simple', text) @@ q AND document_id IN (${marks}) ORDER BY rank LIMIT ?`,
      )
      .all(tsQuery(terms), ...ids, limit) as Hit[];
    const values = db
      .prepare(
        `SELECT document_id, file_id, NULL AS page, text, -ts_rank(to_tsvector('simple', text), q) AS rank
         FROM (SELECT v.document_id, v.file_id, ${VALUE_TEXT} AS text FROM form_values v WHERE v.document_id IN (${marks})) AS v,
           to_tsquery('simple', ?) AS q
         WHERE to_tsvector('simple', text) @@ q ORDER BY rank LIMIT ?`,
      )
      .all(...ids, tsQuery(terms), limit) as Hit[];
    return [...pages, ...values];
  }
  const pages = db
    .prepare(
      `SELECT document_id, file_id, page, text, bm25(agent_page_index) AS rank FROM agent_page_index
       WHERE agent_page_index MATCH ? AND document_id IN (${marks}) ORDER BY rank LIMIT ?`,
    )
    .all(ftsQuery(terms), ...ids, limit) as Hit[];
  const values = db
    .prepare(
      `SELECT document_id, file_id, NULL AS page, text, bm25(agent_value_index) AS rank FROM agent_value_index
       WHERE agent_value_index MATCH ? AND document_id IN (${marks}) ORDER BY rank LIMIT ?`,
    )
    .all(ftsQuery(terms), ...ids, limit) as Hit[];
  return [...pages, ...values];
}

function searchIndex(db: DB, docs: ScopedDocument[], terms: string[], limit: number): Passage[] {
  const scope = new Map(docs.map((d) => [d.documentId, d]));
  return matches(db, docs, terms, limit)
    .filter((r) => scope.get(r.document_id)?.fileId === r.file_id)
    .sort((a, b) => a.rank - b.rank)
    .map((r) => ({
      file_id: r.file_id,
      document_id: r.document_id,
      page: r.page ?? firstPage(db, r.document_id),
      snippet: bestLine(r.text, terms),
      fileName: scope.get(r.document_id)!.fileName,
      score: -r.rank,
    }));
}

const firstPage = (db: DB, documentId: string): number | null =>
  (db.prepare('SELECT min(page) FROM document_pages WHERE document_id = ?').pluck().get(documentId) as number | null) ?? null;

function scanJapanese(db: DB, docs: ScopedDocument[], terms: string[], limit: number): Passage[] {
  const stmt = db.prepare('SELECT page, text FROM document_pages WHERE document_id = ? AND file_id = ?');
  const out: Passage[] = [];
  for (const d of docs) {
    for (const { page, text } of stmt.all(d.documentId, d.fileId) as { page: number; text: string }[]) {
      const low = text.toLowerCase();
      const score = terms.reduce((s, t) => s + (low.includes(t.toLowerCase()) ? t.length : 0), 0);
      if (score > 0) out.push({ file_id: d.fileId, document_id: d.documentId, page, snippet: bestLine(text, terms), fileName: d.fileName, score });
    }
  }
  return out.sort((a, b) => b.score - a.score).slice(0, limit);
}

/** The best passages for the question, at most one per document page. */
export function retrieve(db: DB, docs: ScopedDocument[], prompt: string, limit = 6): Passage[] {
  if (docs.length === 0) return [];
  const found: Passage[] = [];
  const terms = queryTerms(prompt);
  if (terms.length > 0) found.push(...searchIndex(db, docs, terms, limit * 2));
  if (hasJapanese(prompt)) found.push(...scanJapanese(db, docs, japaneseTerms(prompt), limit * 2));
  const seen = new Set<string>();
  return found
    .filter((p) => {
      const key = `${p.document_id}:${p.page}:${p.snippet}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit);
}
