// The built-in answer engine: no model, no network. Structured questions are answered by the
// query sub-agent (compute.ts) over the extracted values; everything else quotes the best passages.
import type { Citation } from '../../../contract/agent.js';
import type { DB } from '../../store/sql.js';
import { answerQuery, type Finding } from './compute.js';
import { markdown } from './figures.js';
import { fieldName, formatAmount, phrases } from './phrases.js';
import { parseQuestion, type Query } from './question.js';
import { loadRecords, numberOf, textOf, type DocRecord } from './records.js';
import { retrieve, type Passage } from './retrieval.js';
import { estimateTokens, type AnswerEngine, type AnswerRequest, type AnswerWriter, type EngineAnswer } from './types.js';

export interface Draft {
  /** Paragraphs of the answer, in order (tables included, as Markdown). */
  paragraphs: string[];
  citations: Citation[];
  /** The passages the draft was built from (what an LLM would be given). */
  passages: Passage[];
  /** Text read to build it, for the cost. */
  context: string;
  /** The computed answer, when the question was a structured one. */
  finding?: Finding;
  query?: Query;
}

function quotePassages(passages: Passage[], req: AnswerRequest): string[] {
  const p = phrases[req.language];
  if (passages.length === 0) return [p.nothingFound(req.documents.length)];
  const docs = new Set(passages.map((x) => x.document_id)).size;
  const lines = passages.map((x, i) => `${i + 1}. ${x.fileName}${x.page !== null ? `, ${p.page(x.page)}` : ''}: “${x.snippet}”`);
  return [p.found(docs), lines.join('\n')];
}

/**
 * "Who sent the arc reactor bill?": the best passage picks the document, and the field the
 * question asks about is read from its values.
 */
function fieldOfBestDocument(question: Query, records: DocRecord[], passages: Passage[], req: AnswerRequest): string | undefined {
  const best = passages[0];
  if (!best || !question.field) return undefined;
  const record = records.find((r) => r.doc.documentId === best.document_id);
  const value = record?.roles[question.field];
  if (!record || value === undefined) return undefined;
  const shown = question.field === 'total' || question.field === 'tax'
    ? formatAmount(numberOf(value) ?? 0, textOf(record.roles.currency), req.language)
    : textOf(value);
  if (!shown) return undefined;
  return phrases[req.language].lookup(textOf(record.roles.number) ?? record.doc.fileName, fieldName(question.field, req.language), shown);
}

/** The computed answer as paragraphs: its sentences, then a table per currency. */
export function findingParagraphs(finding: Finding, lang: AnswerRequest['language']): string[] {
  return [...finding.paragraphs, ...finding.tables.map((t) => markdown(t, lang))];
}

/** The question read by the built-in parser (the model backend may supply its own query). */
export function builtinQuery(req: AnswerRequest, records: DocRecord[]): Query {
  return parseQuestion(req.prompt, { records, nowMs: req.now, fiscalYearStart: req.fiscalYearStart ?? 1 });
}

/** Work out the answer: structured when allowed and applicable, else retrieval. */
export function draftAnswer(db: DB, req: AnswerRequest, parsed?: (records: DocRecord[]) => Query | undefined): Draft {
  const p = phrases[req.language];
  const paragraphs: string[] = [];
  if (req.allowInternetSearch) paragraphs.push(p.internet);
  if (req.documents.length === 0) return { paragraphs: [...paragraphs, p.noDocuments], citations: [], passages: [], context: '' };
  const records = loadRecords(db, req.documents);
  const query = parsed?.(records) ?? builtinQuery(req, records);
  const passages = retrieve(db, req.documents, req.prompt);
  const context = passages.map((x) => x.snippet).join('\n');
  const structured = query.intent === 'lookup' || req.allowQuery ? answerQuery(db, query, records, req.language, req.now) : undefined;
  if (structured) {
    paragraphs.push(...findingParagraphs(structured, req.language));
    return { paragraphs, citations: dedupe(structured.citations), passages, context: `${context}\n${JSON.stringify(records.map((r) => r.fields))}`, finding: structured, query };
  }
  const lead = fieldOfBestDocument(query, records, passages, req);
  if (lead) paragraphs.push(lead);
  paragraphs.push(...quotePassages(passages, req));
  if (query.intent !== 'search' && !req.allowQuery) paragraphs.push(p.needsQuery);
  return { paragraphs, citations: dedupe(passages.map(({ file_id, document_id, page, snippet }) => ({ file_id, document_id, page, snippet }))), passages, context, query };
}

function dedupe(citations: Citation[]): Citation[] {
  const seen = new Set<string>();
  return citations.filter((c) => {
    const key = `${c.document_id}:${c.page}:${c.snippet}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Pieces of about 32 characters, as a model would stream tokens. */
export function chunksOf(text: string, size = 32): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

export class BuiltinEngine implements AnswerEngine {
  async answer(db: DB, req: AnswerRequest, writer: AnswerWriter): Promise<EngineAnswer> {
    const draft = draftAnswer(db, req);
    const answer = draft.paragraphs.join('\n\n');
    const inputTokens = estimateTokens(req.prompt) + estimateTokens(draft.context);
    writer.readInput(inputTokens);
    for (const chunk of chunksOf(answer)) await writer.write(chunk);
    return { answer, citations: draft.citations, cost: { input_tokens: inputTokens, output_tokens: estimateTokens(answer) } };
  }
}
