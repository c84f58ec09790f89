// The built-in answer engine: no model, no network. Structured questions are answered by the
// query sub-agent over the extracted values; everything else quotes the best passages.
import type { Citation } from '../../../contract/agent.js';
import type { DB } from '../../../sqlite.js';
import { fieldName, formatAmount, phrases } from './phrases.js';
import { parseQuestion, type Question } from './question.js';
import { loadRecords, numberOf, textOf, type DocRecord } from './records.js';
import { retrieve, type Passage } from './retrieval.js';
import { answerStructured } from './structured.js';
import { estimateTokens, type AnswerEngine, type AnswerRequest, type AnswerWriter, type EngineAnswer } from './types.js';

export interface Draft {
  /** Paragraphs of the answer, in order. */
  paragraphs: string[];
  citations: Citation[];
  /** The passages the draft was built from (what an LLM would be given). */
  passages: Passage[];
  /** Text read to build it, for the cost. */
  context: string;
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
function fieldOfBestDocument(question: Question, records: DocRecord[], passages: Passage[], req: AnswerRequest): string | undefined {
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

/** Work out the answer: structured when allowed and applicable, else retrieval. */
export function draftAnswer(db: DB, req: AnswerRequest): Draft {
  const p = phrases[req.language];
  const paragraphs: string[] = [];
  if (req.allowInternetSearch) paragraphs.push(p.internet);
  if (req.documents.length === 0) return { paragraphs: [...paragraphs, p.noDocuments], citations: [], passages: [], context: '' };
  const records = loadRecords(db, req.documents);
  const question = parseQuestion(req.prompt, records, req.now);
  const passages = retrieve(db, req.documents, req.prompt);
  const context = passages.map((x) => x.snippet).join('\n');
  const structured = question.kind === 'lookup' || req.allowQuery ? answerStructured(db, question, records, req.language, req.now) : undefined;
  if (structured) {
    paragraphs.push(structured.text);
    return { paragraphs, citations: dedupe(structured.citations), passages, context: `${context}\n${JSON.stringify(records.map((r) => r.fields))}` };
  }
  const lead = fieldOfBestDocument(question, records, passages, req);
  if (lead) paragraphs.push(lead);
  paragraphs.push(...quotePassages(passages, req));
  if (question.kind !== 'search' && !req.allowQuery) paragraphs.push(p.needsQuery);
  return { paragraphs, citations: dedupe(passages.map(({ file_id, document_id, page, snippet }) => ({ file_id, document_id, page, snippet }))), passages, context };
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
