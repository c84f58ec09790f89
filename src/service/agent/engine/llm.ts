// The optional model backend: any OpenAI-compatible chat endpoint (a local llama.cpp or Ollama
// server, or a hosted one). It may read the question (a `query_documents` tool call) and phrase the
// answer, but every number comes from compute.ts: the phrasing is checked, and a text that states
// a number the computation did not produce is replaced by the built-in answer. Tables are always
// the computed ones. Off unless configured; if the endpoint fails, the built-in answer is given.
import { request } from 'undici';
import type { DB } from '../../store/sql.js';
import type { LlmOptions } from '../options.js';
import { builtinQuery, chunksOf, draftAnswer, type Draft } from './builtin.js';
import { markdown } from './figures.js';
import { queryFromTool, QUERY_TOOL, ToolArgs } from './llmQuery.js';
import { loadRecords, type DocRecord } from './records.js';
import type { Query } from './question.js';
import { vendorsOf } from './entities.js';
import { estimateTokens, type AnswerEngine, type AnswerRequest, type AnswerWriter, type EngineAnswer } from './types.js';

interface Usage { prompt_tokens?: number; completion_tokens?: number }
interface Completion { choices?: Array<{ message?: { content?: string | null; tool_calls?: Array<{ function?: { name?: string; arguments?: string } }> } }>; usage?: Usage }

/** Numbers as they are written ("1,650.50", "2024", "3"), compared as values; digits inside a word ("word0") are not figures. */
const numbersIn = (text: string): number[] => (text.match(/(?<![\p{L}\d.,])\d[\d,]*(?:\.\d+)?/gu) ?? []).map((n) => Number(n.replace(/,/g, '')));

class InventedNumber extends Error {}

/** Drop a body not wanted (an error page, a stream where JSON was asked): destroyed, its abort error swallowed. */
function discard(body: NodeJS.ReadableStream & { destroy(): void }): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** The numbers of the model's text that neither the computation, the question nor the sources state. */
export function inventedNumbers(text: string, allowedText: string, citations: number): number[] {
  const allowed = new Set(numbersIn(allowedText));
  for (let i = 1; i <= citations; i++) allowed.add(i);
  return numbersIn(text).filter((n) => !allowed.has(n));
}

export class LlmEngine implements AnswerEngine {
  constructor(private readonly options: LlmOptions) {}

  private post(req: AnswerRequest, body: object, signal: AbortSignal) {
    return request(`${this.options.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
      body: JSON.stringify({ model: req.llmModel ?? this.options.model, ...body }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(this.options.timeoutMs ?? 60_000)]),
    });
  }

  /** One completion as JSON; an endpoint that answers otherwise (a stream, an error) gives none. */
  private async complete(req: AnswerRequest, body: object, signal: AbortSignal): Promise<Completion | undefined> {
    const res = await this.post(req, { ...body, stream: false }, signal);
    if (res.statusCode >= 300 || !String(res.headers['content-type'] ?? '').includes('json')) {
      discard(res.body);
      return undefined;
    }
    return JSON.parse(await res.body.text()) as Completion;
  }

  /** Step 1: the model reads the question into a query; undefined when it gives no usable tool call. */
  private async readQuestion(req: AnswerRequest, records: DocRecord[], signal: AbortSignal, usage: Usage[]): Promise<Query | undefined> {
    const vendors = vendorsOf(records).map((v) => v.name).slice(0, 200);
    const system = [
      'You turn questions about invoices into one call of query_documents. Never answer the question yourself.',
      `Today is ${new Date(req.now).toISOString().slice(0, 10)}. The fiscal year starts in month ${req.fiscalYearStart ?? 1}.`,
      `Vendors in the documents: ${vendors.join('; ') || '(none)'}.`,
    ].join(' ');
    const out = await this.complete(req, {
      messages: [{ role: 'system', content: system }, { role: 'user', content: req.prompt }],
      tools: [QUERY_TOOL],
      tool_choice: { type: 'function', function: { name: 'query_documents' } },
    }, signal);
    if (out?.usage) usage.push(out.usage);
    const call = out?.choices?.[0]?.message?.tool_calls?.find((c) => c.function?.name === 'query_documents');
    if (!call?.function?.arguments) return undefined;
    const args = ToolArgs.safeParse(JSON.parse(call.function.arguments));
    return args.success ? queryFromTool(args.data, records) : undefined;
  }

  /**
   * Step 2: the model phrases the computed findings, streamed into the answer as it is written,
   * word by word, each word checked first: a number the computation did not produce stops the
   * phrasing (InventedNumber) and the built-in answer is given instead.
   */
  private async phrase(req: AnswerRequest, draft: Draft, writer: AnswerWriter, usage: Usage[]): Promise<string | undefined> {
    const findings = draft.finding ? draft.finding.paragraphs.join('\n') : draft.paragraphs.join('\n\n');
    const sources = draft.citations.map((c, i) => `[${i + 1}] ${c.snippet}`).join('\n');
    const system = [
      "You phrase answers about the user's own invoices. Restate the findings briefly in the language with BCP-47 tag",
      `"${req.language}". Copy every figure exactly as given; never compute, round or add a number. Cite sources as [n].`,
    ].join(' ');
    const res = await this.post(req, {
      messages: [{ role: 'system', content: system }, { role: 'user', content: `Question: ${req.prompt}\n\nFindings:\n${findings}\n\nSources:\n${sources || '(none)'}` }],
      stream: true,
      stream_options: { include_usage: true },
    }, writer.signal);
    if (res.statusCode >= 300) {
      discard(res.body);
      return undefined;
    }
    const allowed = [req.prompt, draft.paragraphs.join('\n'), sources].join('\n');
    let text = '';
    let pending = '';
    const emit = async (piece: string) => {
      if (inventedNumbers(piece, allowed, draft.citations.length).length > 0) throw new InventedNumber();
      text += piece;
      await writer.write(piece);
    };
    for await (const delta of deltas(res.body, usage)) {
      pending += delta;
      const cut = pending.search(/\s\S*$/);
      if (cut < 0) continue;
      await emit(pending.slice(0, cut + 1));
      pending = pending.slice(cut + 1);
    }
    if (pending) await emit(pending);
    return text.trim() || undefined;
  }

  async answer(db: DB, req: AnswerRequest, writer: AnswerWriter): Promise<EngineAnswer> {
    const usage: Usage[] = [];
    const records = req.documents.length ? loadRecords(db, req.documents) : [];
    writer.readInput(estimateTokens(req.prompt));
    let query: Query | undefined;
    try {
      query = await this.readQuestion(req, records, writer.signal, usage);
    } catch (error) {
      if (writer.signal.aborted) throw error;
    }
    const draft = draftAnswer(db, req, (rs) => query ?? builtinQuery(req, rs));
    const tables = draft.finding?.tables.map((t) => markdown(t, req.language)) ?? [];
    let answer: string;
    try {
      const phrased = await this.phrase(req, draft, writer, usage);
      if (!phrased) throw new InventedNumber();
      answer = [phrased, ...tables].join('\n\n');
      for (const chunk of chunksOf(answer.slice(phrased.length))) await writer.write(chunk);
    } catch (error) {
      if (writer.signal.aborted) throw error;
      answer = draft.paragraphs.join('\n\n');
      for (const chunk of chunksOf(answer)) await writer.write(chunk);
    }
    const used = (k: keyof Usage) => usage.reduce((s, u) => s + (u[k] ?? 0), 0);
    return {
      answer,
      citations: draft.citations,
      cost: {
        input_tokens: used('prompt_tokens') || estimateTokens(req.prompt) + estimateTokens(draft.context),
        output_tokens: used('completion_tokens') || estimateTokens(answer),
      },
    };
  }
}

/** The content deltas of a chat-completions event stream (usage, when sent, into `usage`). */
async function* deltas(body: AsyncIterable<Buffer>, usage: Usage[]): AsyncGenerator<string> {
  let buffer = '';
  for await (const chunk of body) {
    buffer += chunk.toString('utf8');
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const data = line.replace(/^data:\s*/, '').trim();
      if (!line.startsWith('data:') || data === '' || data === '[DONE]') continue;
      const event = JSON.parse(data) as { choices?: { delta?: { content?: string } }[]; usage?: Usage };
      if (event.usage) usage.push(event.usage);
      const delta = event.choices?.[0]?.delta?.content;
      if (delta) yield delta;
    }
  }
}
