// The optional model backend: any OpenAI-compatible chat endpoint (a local llama.cpp or Ollama
// server, or a hosted one). It may read the question (a `query_documents` tool call) and phrase the
// answer, but every number comes from compute.ts: the phrasing is checked, and a text that states
// a number the computation did not produce is replaced by the built-in answer. Tables are always
// the computed ones. Off unless configured; if the endpoint fails, the built-in answer is given.
import { request } from 'undici';
import type { DB } from '../../../sqlite.js';
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

/** Numbers as they are written ("1,650.50", "2024", "3"), compared as values. */
const numbersIn = (text: string): number[] => (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, '')));

/** The numbers of the model's text that neither the computation, the question nor the sources state. */
export function inventedNumbers(text: string, allowedText: string, citations: number): number[] {
  const allowed = new Set(numbersIn(allowedText));
  for (let i = 1; i <= citations; i++) allowed.add(i);
  return numbersIn(text).filter((n) => !allowed.has(n));
}

export class LlmEngine implements AnswerEngine {
  constructor(private readonly options: LlmOptions) {}

  private async complete(req: AnswerRequest, body: object, signal: AbortSignal): Promise<Completion> {
    const res = await request(`${this.options.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
      body: JSON.stringify({ model: req.llmModel ?? this.options.model, ...body }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(this.options.timeoutMs ?? 60_000)]),
    });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`LLM endpoint answered HTTP ${res.statusCode}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as Completion;
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
    if (out.usage) usage.push(out.usage);
    const call = out.choices?.[0]?.message?.tool_calls?.find((c) => c.function?.name === 'query_documents');
    if (!call?.function?.arguments) return undefined;
    const args = ToolArgs.safeParse(JSON.parse(call.function.arguments));
    return args.success ? queryFromTool(args.data, records) : undefined;
  }

  /** Step 2: the model phrases the computed findings; undefined when its text states a number of its own. */
  private async phrase(req: AnswerRequest, draft: Draft, signal: AbortSignal, usage: Usage[]): Promise<string | undefined> {
    const findings = draft.finding ? draft.finding.paragraphs.join('\n') : draft.paragraphs.join('\n\n');
    const sources = draft.citations.map((c, i) => `[${i + 1}] ${c.snippet}`).join('\n');
    const system = [
      "You phrase answers about the user's own invoices. Restate the findings briefly in the language with BCP-47 tag",
      `"${req.language}". Copy every figure exactly as given; never compute, round or add a number. Cite sources as [n].`,
    ].join(' ');
    const out = await this.complete(req, {
      messages: [{ role: 'system', content: system }, { role: 'user', content: `Question: ${req.prompt}\n\nFindings:\n${findings}\n\nSources:\n${sources || '(none)'}` }],
    }, signal);
    if (out.usage) usage.push(out.usage);
    const text = out.choices?.[0]?.message?.content?.trim();
    if (!text) return undefined;
    const allowed = [req.prompt, draft.paragraphs.join('\n'), sources].join('\n');
    return inventedNumbers(text, allowed, draft.citations.length).length === 0 ? text : undefined;
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
    let phrased: string | undefined;
    try {
      phrased = await this.phrase(req, draft, writer.signal, usage);
    } catch (error) {
      if (writer.signal.aborted) throw error;
    }
    const tables = draft.finding?.tables.map((t) => markdown(t, req.language)) ?? [];
    const answer = phrased ? [phrased, ...tables].join('\n\n') : draft.paragraphs.join('\n\n');
    for (const chunk of chunksOf(answer)) await writer.write(chunk);
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
