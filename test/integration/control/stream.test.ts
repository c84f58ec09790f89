// The control API's event stream keeps its contract (StreamEvent in src/control/contract.ts):
// camelCase data, never a raw database row. A real daemon drops a file through to its export
// while the stream is read over HTTP.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamEvent } from '../../../src/control/contract.js';
import { DaemonAdapter } from '../../../src/control/daemonAdapter.js';
import { startControlServer, type ControlServer } from '../../../src/control/server.js';
import { parseConfig, saveConfig } from '../../../src/sync/config.js';
import { createHarness, invoiceText, until, type Harness } from '../sync/harness.js';

let h: Harness;
let adapter: DaemonAdapter;
let server: ControlServer;
afterEach(async () => {
  await server.close();
  adapter.close();
  await h.close();
});

/** Reads the stream into `events` (type and parsed data) until aborted. */
async function readStream(url: string, events: Array<{ type: string; data: unknown }>, signal: AbortSignal): Promise<void> {
  const res = await fetch(url, { headers: { authorization: 'Bearer t' }, signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const type = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (type) events.push({ type, data: data === undefined ? undefined : JSON.parse(data) });
      }
    }
  } catch (err) {
    if (!signal.aborted) throw err;
  }
}

describe('the event stream', () => {
  it('sends camelCase events that match the contract, a file moved into Processed/ at its new place', async () => {
    h = await createHarness();
    await h.start({ folder: { onSuccess: 'move' } });
    const configFile = path.join(h.root, 'config.json');
    saveConfig(configFile, parseConfig({ folders: [{ path: h.inbox, onSuccess: 'move' }] }));
    adapter = new DaemonAdapter({ locations: { configFile, dataDir: h.dataDir }, emitter: h.daemon.emitter, serviceUrl: h.service.url, embedded: true, inbox: h.inbox, apiKey: 'k' });
    server = await startControlServer({ control: adapter, token: 't' });
    const events: Array<{ type: string; data: unknown }> = [];
    const stop = new AbortController();
    const reading = readStream(`${server.url}/api/events`, events, stop.signal);
    await until(() => h.daemon.emitter.listenerCount('file') > 1, 10_000, 'the stream subscribed');

    fs.writeFileSync(path.join(h.inbox, 'inv.txt'), invoiceText(4));
    await until(() => h.row('inv.txt')?.outcome_dir === 'Processed', 30_000, 'exported and moved');
    h.daemon.emitter.emit('idle');
    await until(() => events.some((e) => e.type === 'idle') && events.filter((e) => e.type === 'file').length >= 5, 10_000, 'events streamed');
    stop.abort();
    await reading;

    for (const e of events) expect(StreamEvent.safeParse(e).error, JSON.stringify(e)).toBeUndefined();
    const files = events.filter((e) => e.type === 'file').map((e) => StreamEvent.parse(e)).map((e) => (e.type === 'file' ? e.data : null)!);
    expect(files.map((f) => f.to)).toEqual(expect.arrayContaining(['discovered', 'settled', 'uploading', 'processing', 'exported']));
    const last = files.at(-1)!;
    expect(last.file).toMatchObject({ relPath: 'inv.txt', currentPath: 'Processed/inv.txt', status: 'exported' });
  });
});
