// The control API's event stream: the engine's events (src/sync/events.ts) as the contract says
// (StreamEvent in contract.ts), one server-sent event each. The UI learns of progress only here.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SyncEmitter, SyncEvents } from '../sync/events.js';
import { placeNow } from '../sync/location.js';
import type { StreamEvent, StreamEventType } from './contract.js';

type DataOf<T extends StreamEventType> = Extract<StreamEvent, { type: T }>['data'];

/** Each engine event that the stream carries, turned into its contract shape. */
const shapes: { [T in StreamEventType]: (...args: SyncEvents[T]) => DataOf<T> } = {
  file: ({ file, from, to, reason }) => ({
    file: { id: file.id, folder: file.folder, relPath: file.rel_path, currentPath: placeNow(file), status: file.status, reason: file.reason },
    from,
    to,
    reason,
  }),
  folder: ({ folder, state, error }) => (error === undefined ? { folder, state } : { folder, state, error }),
  idle: () => ({}),
  review: ({ fileRow }) => ({ fileRow }),
  pages: ({ fileRow, folder, pages }) => ({ fileRow, folder, pages }),
  log: ({ level, msg, data }) => (data === undefined ? { level, msg } : { level, msg, data }),
};

export function streamEvents(events: SyncEmitter, request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
  res.write(': connected\n\n');
  const handlers = Object.entries(shapes).map(([type, shape]) => {
    const handler = (...args: unknown[]) => res.write(`event: ${type}\ndata: ${JSON.stringify((shape as (...a: unknown[]) => unknown)(...args))}\n\n`);
    events.on(type as 'file', handler as never);
    return [type, handler] as const;
  });
  const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
  request.raw.on('close', () => {
    clearInterval(ping);
    for (const [type, handler] of handlers) events.off(type as 'file', handler as never);
  });
}
