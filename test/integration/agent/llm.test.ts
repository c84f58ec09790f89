// The optional model backend against a local OpenAI-compatible endpoint (no network here):
// streamed deltas become partial_answer, the turn's llm_model is sent, usage becomes the cost,
// and an endpoint that fails before streaming falls back to the built-in answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { answer, newSession } from './agentHelpers.js';
import { INVOICES, uploadCorpus } from './corpus.js';

/** Speaks the streaming chat-completions protocol; `fail` answers 500. */
class ChatEndpoint {
  requests: any[] = [];
  fail = false;
  url = '';
  private server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      this.requests.push({ path: req.url, auth: req.headers.authorization, body: JSON.parse(raw) });
      if (this.fail) return res.writeHead(500).end('down');
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of ['ACME was paid ', 'USD 1,650.50 ', 'in 2024 [1][2].']) {
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
      }
      res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 321, completion_tokens: 12 } })}\n\n`);
      res.end('data: [DONE]\n\n');
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
  await uploadCorpus(svc, INVOICES.slice(0, 2));
  session = await newSession(svc, { use_all_files: true });
});
afterAll(async () => {
  await svc.close();
  await endpoint.close();
});

describe('LLM backend', () => {
  it('phrases the answer from the findings, streams it, and reports the usage as cost', async () => {
    const job = await answer(svc, session, { user_prompt: 'How much did we pay ACME in 2024?', allow_ai_query_subagent: true, llm_model: 'big-model' });
    expect(job.status).toBe('COMPLETED');
    expect(job.answer).toBe('ACME was paid USD 1,650.50 in 2024 [1][2].');
    expect(job.citations).toHaveLength(2);
    expect(job.cost).toEqual({ input_tokens: 321, output_tokens: 12 });
    const sent = endpoint.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.auth).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('big-model');
    expect(sent.body.stream).toBe(true);
    expect(sent.body.messages[1].content).toContain('USD 1,650.50');
  });

  it('uses the configured model by default and falls back to the built-in answer when the endpoint fails', async () => {
    endpoint.fail = true;
    const job = await answer(svc, session, { user_prompt: 'What is the total of invoice INV-1002?' });
    endpoint.fail = false;
    expect(endpoint.requests.at(-1)!.body.model).toBe('small-model');
    expect(job.status).toBe('COMPLETED');
    expect(job.answer).toContain('INV-1002: the total is USD 450.50.');
  });
});
