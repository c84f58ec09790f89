// The optional model backend: any OpenAI-compatible chat endpoint phrases the answer from the
// passages and figures the built-in engine found. Off unless configured; if the endpoint fails,
// the built-in answer is given instead (the turn still gets an answer).
import { request } from 'undici';
import type { DB } from '../../../sqlite.js';
import type { LlmOptions } from '../options.js';
import { chunksOf, draftAnswer, type Draft } from './builtin.js';
import { estimateTokens, type AnswerEngine, type AnswerRequest, type AnswerWriter, type EngineAnswer } from './types.js';

function messages(req: AnswerRequest, draft: Draft) {
  const sources = draft.citations
    .map((c, i) => `[${i + 1}] file ${c.file_id}${c.page !== null ? ` page ${c.page}` : ''}: ${c.snippet}`)
    .join('\n');
  const system = [
    'You answer questions about the user\'s own business documents (invoices, receipts, statements).',
    'Use only the findings and sources given; never invent figures. Keep figures exactly as given.',
    `Answer in the language with BCP-47 tag "${req.language}". Be brief. Cite sources as [n].`,
  ].join(' ');
  const user = `Question: ${req.prompt}\n\nFindings of the document search:\n${draft.paragraphs.join('\n\n')}\n\nSources:\n${sources || '(none)'}`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** Read an SSE stream of chat completion chunks, writing each content delta. */
async function readStream(body: AsyncIterable<Buffer>, writer: AnswerWriter): Promise<{ text: string; usage?: { prompt_tokens: number; completion_tokens: number } }> {
  let text = '';
  let buffer = '';
  let usage;
  for await (const chunk of body) {
    buffer += chunk.toString('utf8');
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const data = line.replace(/^data:\s*/, '').trim();
      if (!line.startsWith('data:') || data === '' || data === '[DONE]') continue;
      const event = JSON.parse(data) as { choices?: { delta?: { content?: string } }[]; usage?: typeof usage };
      if (event.usage) usage = event.usage;
      const delta = event.choices?.[0]?.delta?.content;
      if (delta) {
        text += delta;
        await writer.write(delta);
      }
    }
  }
  return { text, usage };
}

export class LlmEngine implements AnswerEngine {
  constructor(private readonly options: LlmOptions) {}

  async answer(db: DB, req: AnswerRequest, writer: AnswerWriter): Promise<EngineAnswer> {
    const draft = draftAnswer(db, req);
    const input = messages(req, draft);
    writer.readInput(estimateTokens(JSON.stringify(input)));
    let streamed = false;
    try {
      const res = await request(`${this.options.baseUrl.replace(/\/$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
        body: JSON.stringify({ model: req.llmModel ?? this.options.model, messages: input, stream: true, stream_options: { include_usage: true } }),
        signal: AbortSignal.any([writer.signal, AbortSignal.timeout(this.options.timeoutMs ?? 60_000)]),
      });
      if (res.statusCode >= 300) throw new Error(`LLM endpoint answered HTTP ${res.statusCode}: ${(await res.body.text()).slice(0, 200)}`);
      streamed = true;
      const { text, usage } = await readStream(res.body, writer);
      return {
        answer: text,
        citations: draft.citations,
        cost: {
          input_tokens: usage?.prompt_tokens ?? estimateTokens(JSON.stringify(input)),
          output_tokens: usage?.completion_tokens ?? estimateTokens(text),
        },
      };
    } catch (error) {
      // Once text has been streamed, a failure is the run's failure; before that, fall back.
      if (streamed || writer.signal.aborted) throw error;
      const answer = draft.paragraphs.join('\n\n');
      for (const chunk of chunksOf(answer)) await writer.write(chunk);
      return { answer, citations: draft.citations, cost: { input_tokens: estimateTokens(draft.context), output_tokens: estimateTokens(answer) } };
    }
  }
}
