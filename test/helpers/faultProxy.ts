// A real HTTP server on 127.0.0.1 that forwards to a target and injects faults on chosen
// requests: connection resets, 500s, 429 with retryAfter, slow answers. Used only where a
// fault must be injected; everything it forwards reaches the real target.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export type Fault =
  | { kind: 'reset' }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'rateLimit'; retryAfter: number; header?: string | false }
  | { kind: 'delay'; ms: number }
  /** Forward, then destroy the client socket after the target's answer headers: a reset mid-answer. */
  | { kind: 'resetAfterForward' };

export interface FaultRule {
  fault: Fault;
  /** How many matching requests it applies to. Default 1. */
  times?: number;
  method?: string;
  /** Applies to request paths starting with this. */
  pathPrefix?: string;
}

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  fault: Fault['kind'] | 'none';
  /** performance.now() when the request arrived / when its answer (or reset) went out. */
  arrivedAt: number;
  answeredAt: number | undefined;
}

export interface FaultProxy {
  url: string;
  requests: ProxiedRequest[];
  inject(rule: FaultRule): void;
  /** Shorthand: the next `faults.length` matching requests get these faults, in order. */
  sequence(faults: Fault[], match?: Omit<FaultRule, 'fault' | 'times'>): void;
  clear(): void;
  close(): Promise<void>;
}

function problem(status: number, detail: string, extra: Record<string, unknown> = {}) {
  return { type: `https://docsync.dev/errors/injected`, title: 'Injected', status, detail, instance: '/', code: 'INJECTED', requestId: 'proxy', errors: [], ...extra };
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const targetUrl = new URL(target);
  const rules: Array<FaultRule & { left: number }> = [];
  const requests: ProxiedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const take = (req: http.IncomingMessage): Fault | undefined => {
    const rule = rules.find(
      (r) => r.left > 0 && (!r.method || r.method === req.method) && (!r.pathPrefix || (req.url ?? '').startsWith(r.pathPrefix)),
    );
    if (!rule) return undefined;
    rule.left--;
    return rule.fault;
  };

  const server = http.createServer(async (req, res) => {
    const fault = take(req);
    const record: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      fault: fault?.kind ?? 'none',
      arrivedAt: performance.now(),
      answeredAt: undefined,
    };
    requests.push(record);
    const answered = () => (record.answeredAt = performance.now());
    if (fault?.kind === 'reset') {
      answered();
      req.socket.resetAndDestroy?.() ?? req.socket.destroy();
      return;
    }
    if (fault?.kind === 'status' || fault?.kind === 'rateLimit') {
      req.resume();
      await new Promise((r) => req.on('end', r));
      const status = fault.kind === 'status' ? fault.status : 429;
      const body =
        fault.kind === 'status' ? (fault.body ?? problem(status, 'injected failure')) : problem(429, 'Rate limit exceeded.', { retryAfter: fault.retryAfter });
      const headers: Record<string, string> = { 'content-type': 'application/problem+json', 'x-request-id': 'proxy' };
      if (fault.kind === 'status') Object.assign(headers, fault.headers);
      if (fault.kind === 'rateLimit' && fault.header !== false) headers['retry-after'] = fault.header ?? String(Math.ceil(fault.retryAfter));
      // A string body goes out as text, like a gateway's HTML/text error page.
      if (typeof body === 'string') headers['content-type'] = 'text/plain';
      answered();
      res.writeHead(status, headers).end(typeof body === 'string' ? body : JSON.stringify(body));
      return;
    }
    if (fault?.kind === 'delay') await new Promise((r) => setTimeout(r, fault.ms));
    forward(req, res, targetUrl, fault?.kind === 'resetAfterForward', answered);
  });
  server.keepAliveTimeout = 5_000;
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    inject: (rule) => rules.push({ ...rule, left: rule.times ?? 1 }),
    sequence(faults, match = {}) {
      for (const fault of faults) rules.push({ ...match, fault, left: 1 });
    },
    clear: () => void rules.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function forward(req: http.IncomingMessage, res: http.ServerResponse, target: URL, resetMidAnswer: boolean, answered: () => void) {
  const headers = { ...req.headers, host: target.host };
  const upstream = http.request(
    { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers },
    (up) => {
      if (resetMidAnswer) {
        answered();
        up.resume();
        req.socket.destroy();
        return;
      }
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
      up.on('end', answered);
    },
  );
  upstream.on('error', (err) => {
    answered();
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${err.message}`);
    else res.destroy();
  });
  req.pipe(upstream);
}
