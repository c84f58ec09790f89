// The optional model backend against a small OpenAI-compatible chat server on 127.0.0.1: the
// model reads the question through the query_documents tool and phrases the answer, but every
// figure comes from the computation; a phrasing with a number of the model's own is replaced by
// the built-in answer; an endpoint that fails gives the built-in answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { inventedNumbers } from '../../../src/service/agent/engine/llm.js';
import { answer, newSession } from './agentHelpers.js';
import { INVOICES, uploadCorpus } from './corpus.js';

/** Speaks chat completions: a tool call when tools are offered, else the phrasing set by the test (streamed when asked). */
class ChatEndpoint {
  requests: any[] = [];
  fail = false;
  toolArgs: object | undefined = {};
  phrasing = '';
  url = '';
  private server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      this.requests.push({ path: req.url, auth: req.headers.authorization, body });
      if (this.fail) return res.writeHead(500).end('down');
      if (body.stream) {
        // The phrasing, streamed in pieces as a model writes it.
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const piece of this.phrasing.match(/.{1,7}/gs) ?? []) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
        res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 100, completion_tokens: 10 } })}\n\n`);
        return res.end('data: [DONE]\n\n');
      }
      const message = body.tools
        ? { role: 'assistant', content: null, tool_calls: this.toolArgs ? [{ id: 'c1', type: 'function', function: { name: 'query_documents', arguments: JSON.stringify(this.toolArgs) } }] : [] }
        : { role: 'assistant', content: this.phrasing };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message, finish_reason: 'stop' }], usage: { prompt_tokens: 100, completion_tokens: 10 } }));
    });
  });
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }
  close() {
    this.server.closeAllConnections();
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

let svc: TestService;
const endpoint = new ChatEndpoint();
let session: string;

beforeAll(async () => {
  await endpoint.start();
  svc = await startTestService({ agent: { streamChunkDelayMs: 0, llm: { baseUrl: endpoint.url, apiKey: 'sk-test', model: 'small-model' } } });
  await uploadCorpus(svc, INVOICES.slice(0, 3));
  session = await newSession(svc, { use_all_files: true });
});
afterAll(async () => {
  await svc.close();
  await endpoint.close();
});

describe('LLM backend', () => {
  it('computes the figure from the query the model gives, and keeps a phrasing that states only computed numbers', async () => {
    // A question the built-in parser would read as all of 2024; the model's query says March.
    endpoint.toolArgs = { intent: 'sum', vendors: ['Acme'], date_from: '2024-03-01', date_to: '2024-03-31' };
    endpoint.phrasing = 'In March 2024 ACME was paid USD 450.50 [1].';
    const job = await answer(svc, session, { user_prompt: 'What did the ACME people get from us in the third month of 2024?', allow_ai_query_subagent: true, llm_model: 'big-model' });
    expect(job.status).toBe('COMPLETED');
    expect(job.answer).toContain('In March 2024 ACME was paid USD 450.50 [1].');
    // The table is the computed one, appended to the model's words.
    expect(job.answer).toMatch(/\| INV-1002 \| ACME Supplies Ltd \| 2024-03-05 \| 450\.50 \|/);
    expect(job.citations.map((c: any) => c.snippet)).toEqual(['Total: 450.50 USD']);
    expect(job.cost).toEqual({ input_tokens: 200, output_tokens: 20 });
    const [parse, phrase] = endpoint.requests.slice(-2);
    expect(phrase.body.stream).toBe(true);
    expect(parse.path).toBe('/v1/chat/completions');
    expect(parse.auth).toBe('Bearer sk-test');
    expect(parse.body.model).toBe('big-model');
    expect(parse.body.tool_choice.function.name).toBe('query_documents');
    expect(parse.body.messages[0].content).toContain('ACME Supplies Ltd');
    expect(phrase.body.messages[1].content).toContain('USD 450.50');
  });

  it('replaces a phrasing that states a number the computation did not produce', async () => {
    endpoint.toolArgs = { intent: 'sum', vendors: ['ACME Supplies'] };
    endpoint.phrasing = 'ACME was paid about USD 1,700 in total.';
    const job = await answer(svc, session, { user_prompt: 'How much did we pay ACME?', allow_ai_query_subagent: true });
    expect(job.answer).not.toContain('1,700');
    expect(job.answer).toContain('The total from ACME Supplies Ltd is USD 1,650.50 (2 documents).');
  });

  it('gives no figure for a vendor the model names that no document has, whatever the phrasing', async () => {
    endpoint.toolArgs = { intent: 'sum', vendors: ['Contoso'] };
    endpoint.phrasing = 'Contoso was paid USD 1,650.50.';
    const job = await answer(svc, session, { user_prompt: 'How much did we pay Contoso?', allow_ai_query_subagent: true });
    expect(job.answer).toBe('No document in scope is from Contoso, so there is no figure to give.');
    expect(job.citations).toEqual([]);
  });

  it('falls back to the built-in reading when the model makes no tool call, and to the built-in answer when the endpoint fails', async () => {
    endpoint.toolArgs = undefined;
    endpoint.phrasing = '';
    const read = await answer(svc, session, { user_prompt: 'What is the total of invoice INV-1002?' });
    expect(read.answer).toContain('INV-1002: the total is USD 450.50.');
    endpoint.fail = true;
    const job = await answer(svc, session, { user_prompt: 'What is the total of invoice INV-1002?' });
    endpoint.fail = false;
    expect(endpoint.requests.at(-1)!.body.model).toBe('small-model');
    expect(job.status).toBe('COMPLETED');
    expect(job.answer).toContain('INV-1002: the total is USD 450.50.');
  });
});

describe('inventedNumbers', () => {
  it('allows numbers of the findings, the question and citation marks, and catches any other', () => {
    const findings = 'The total is EUR 1,200.50 (3 documents) in 2024.';
    expect(inventedNumbers('EUR 1200.5 across 3 invoices in 2024 [1][2]', findings, 2)).toEqual([]);
    expect(inventedNumbers('About EUR 1,201 in 2024', findings, 0)).toEqual([1201]);
  });
});
