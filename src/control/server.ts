// The control API: HTTP + server-sent events on 127.0.0.1, the token required on every
// request (header, or the cookie a one-time login link sets), DNS rebinding and CSRF refused.
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AgentAskBody, AgentId, AgentSessionBody, ConnectionTestBody, FilesQuery, FolderBody, FolderRef, OptionalFolder, ReviewQuery, ReviewSaveBody, SettingsBody } from './contract.js';
import { ConfigError } from '../sync/config.js';
import { ControlError, type DaemonControl, type Openable } from './daemonControl.js';
import { expiredLinkPage } from './loginPage.js';
import { streamEvents } from './stream.js';
import { COOKIE, CSRF_HEADER, isAllowedOrigin, isLoopbackHost, LoginLinks, sameSecret, Sessions, STATE_CHANGING } from './security.js';

export interface ControlServerOptions {
  control: DaemonControl;
  token: string;
  host?: string;
  port?: number;
  /** Folder of the built renderer (index.html); omitted: API only. */
  rendererDir?: string;
  /** Where browser sessions are kept across restarts (hashes only); omitted: in memory. */
  sessionsFile?: string;
}

export interface ControlServer {
  app: FastifyInstance;
  url: string;
  loginLink(): string;
  close(): Promise<void>;
}

const parse = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new ControlError(422, 'INVALID_INPUT', `${issue.path.join('.') || 'body'}: ${issue.message}`);
};

const idParam = (request: FastifyRequest) => parse(z.object({ id: z.coerce.number().int().positive() }), request.params).id;

/**
 * Loopback Host (DNS rebinding), the UI's own origin (CSRF), then either the token (tray, CLI,
 * scripts: a header no foreign page can send without a preflight) or a browser session cookie,
 * with which a state-changing request must also carry the X-Docsync header.
 */
function authorize(request: FastifyRequest, token: string, sessions: Sessions, port: number): void {
  if (!isLoopbackHost(request.headers.host)) throw new ControlError(403, 'FORBIDDEN_HOST', 'Host is not a loopback name.');
  if (!isAllowedOrigin(request.headers.origin, port)) throw new ControlError(403, 'FORBIDDEN_ORIGIN', 'Cross-origin requests are refused.');
  const header = request.headers.authorization;
  const bearer = header?.startsWith('Bearer ') ? header.slice(7) : (request.headers['x-docsync-token'] as string | undefined);
  if (bearer !== undefined) {
    if (!sameSecret(bearer, token)) throw new ControlError(401, 'UNAUTHORIZED', 'The control token is missing or wrong.');
    return;
  }
  if (!sessions.valid(request.cookies[COOKIE])) throw new ControlError(401, 'UNAUTHORIZED', 'The control token is missing or wrong.');
  if (STATE_CHANGING.has(request.method) && request.headers[CSRF_HEADER] !== '1') {
    throw new ControlError(403, 'CSRF_HEADER_MISSING', `A state-changing request needs the header ${CSRF_HEADER}: 1.`);
  }
}

/** Every route in one table (Syncthing's lib/api style). */
function routes(app: FastifyInstance, control: DaemonControl, links: LoginLinks, url: () => string): void {
  app.get('/api/status', async () => control.status());
  app.get('/api/events', (request, reply) => streamEvents(control.events, request, reply));
  app.get('/api/totals', async () => control.totals());
  app.get('/api/files', async (request) => control.listFiles(parse(FilesQuery, request.query)));
  app.get('/api/files/:id', async (request) => {
    const detail = control.fileDetail(idParam(request));
    if (!detail) throw new ControlError(404, 'NOT_FOUND', 'No such file.');
    return detail;
  });
  app.get('/api/files/:id/open/:what', async (request, reply) => {
    const { what } = parse(z.object({ what: z.enum(['file', 'json', 'csv', 'ledger-csv', 'ledger-xlsx']) }), {
      what: (request.params as { what: string }).what,
    });
    const file = control.openablePath(idParam(request), what as Openable);
    if (!file || !fs.existsSync(file)) throw new ControlError(404, 'NOT_FOUND', 'That file does not exist (yet).');
    reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(path.basename(file))}`);
    return reply.type(contentType(file)).send(fs.createReadStream(file));
  });
  app.post('/api/files/:id/retry', async (request) => ({ retried: control.retry({ fileId: idParam(request) }) }));
  app.post('/api/retry', async (request) => ({ retried: control.retry(parse(OptionalFolder, request.body)) }));
  app.post('/api/pause', async (request) => (control.pause(parse(OptionalFolder, request.body).folder), control.status()));
  app.post('/api/resume', async (request) => (control.resume(parse(OptionalFolder, request.body).folder), control.status()));
  app.get('/api/folders', async () => control.folders());
  app.post('/api/folders', async (request, reply) => reply.code(201).send(control.addFolder(parse(FolderBody, request.body))));
  app.patch('/api/folders', async (request) => control.updateFolder(parse(FolderBody, request.body)));
  app.delete('/api/folders', async (request) => (control.removeFolder(parse(FolderRef, request.body).path), { removed: true }));
  app.get('/api/settings', async () => control.settings());
  app.put('/api/settings', async (request) => control.updateSettings(parse(SettingsBody, request.body)));
  app.post('/api/test-connection', async (request) => control.testConnection(parse(ConnectionTestBody, request.body)));
  app.get('/api/schemas', async () => control.listSchemas());
  app.post('/api/ledgers/rebuild', async () => control.rebuildLedgers());
  app.get('/api/logs', async (request) => control.logs(parse(z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }), request.query).limit));
  const agentId = (request: FastifyRequest) => parse(z.object({ id: AgentId }), request.params).id;
  app.get('/api/agent/sessions', async () => control.agent.sessions());
  app.post('/api/agent/sessions', async (request, reply) => reply.code(201).send(await control.agent.createSession(parse(AgentSessionBody, request.body))));
  app.get('/api/agent/sessions/:id', async (request) => control.agent.session(agentId(request)));
  app.delete('/api/agent/sessions/:id', async (request) => control.agent.deleteSession(agentId(request)));
  app.post('/api/agent/sessions/:id/ask', async (request, reply) =>
    reply.code(202).send(await control.agent.ask(agentId(request), parse(AgentAskBody, request.body))),
  );
  app.post('/api/agent/sessions/:id/stop', async (request) => control.agent.stop(agentId(request)));
  app.get('/api/agent/jobs/:id', async (request) => control.agent.job(agentId(request)));
  app.post('/api/login-links', async () => ({ url: `${url()}/login/${links.create()}` }));
  reviewRoutes(app, control);
}

/** Review and correct (issue 16). */
function reviewRoutes(app: FastifyInstance, control: DaemonControl): void {
  const review = () => {
    if (!control.review) throw new ControlError(404, 'NOT_FOUND', 'Reviews are not available.');
    return control.review;
  };
  app.get('/api/review', async (request) => review().queue(parse(ReviewQuery, request.query)));
  app.get('/api/files/:id/review', async (request) => review().detail(idParam(request)));
  app.get('/api/files/:id/words', async (request) => ({ pages: await review().words(idParam(request)) }));
  app.get('/api/files/:id/pages/:page', async (request, reply) => {
    const page = parse(z.object({ page: z.coerce.number().int().min(1).max(10_000) }), { page: (request.params as { page: string }).page }).page;
    const out = await review().page(idParam(request), page);
    reply.header('x-page-count', String(out.pages)).header('cache-control', 'private, max-age=60');
    return reply.type('image/png').send(out.png);
  });
  app.post('/api/files/:id/values', async (request) => review().save(idParam(request), parse(ReviewSaveBody, request.body)));
}

/** A page load (not the UI's fetch of the API): GET of a non-API address that accepts HTML. */
function opensAsPage(request: FastifyRequest): boolean {
  return request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
}

function contentType(file: string): string {
  const ext = path.extname(file).toLowerCase();
  const types: Record<string, string> = {
    '.pdf': 'application/pdf', '.json': 'application/json; charset=utf-8', '.csv': 'text/csv; charset=utf-8',
    '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '.png': 'image/png',
    '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.tif': 'image/tiff', '.tiff': 'image/tiff', '.txt': 'text/plain; charset=utf-8',
  };
  return types[ext] ?? 'application/octet-stream';
}

export async function startControlServer(options: ControlServerOptions): Promise<ControlServer> {
  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    // A URL Fastify cannot even decode answers in the API's own error shape too.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).code(400).send({ error: { code: 'BAD_REQUEST', message: error.message } });
    },
  });
  const links = new LoginLinks();
  const sessions = new Sessions(options.sessionsFile);
  let url = '';
  let port = 0;
  await app.register(cookie);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/login/')) {
      if (!isLoopbackHost(request.headers.host)) throw new ControlError(403, 'FORBIDDEN_HOST', 'Host is not a loopback name.');
      return;
    }
    authorize(request, options.token, sessions, port);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    // A person at a browser (an old login link, a bookmark of the UI) gets a page saying what to do.
    if (error instanceof ControlError && (error.code === 'LINK_EXPIRED' || error.code === 'UNAUTHORIZED') && opensAsPage(request)) {
      return reply.code(401).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(expiredLinkPage(request.headers['accept-language']));
    }
    // The config file (edited by hand) is invalid: say which field, as `docsync start` would.
    if (error instanceof ConfigError) return reply.code(422).send({ error: { code: error.code, message: error.message } });
    const status = error instanceof ControlError ? error.status : (error.statusCode ?? 500);
    const code = error instanceof ControlError ? error.code : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
    reply.code(status).send({ error: { code, message: status >= 500 && !(error instanceof ControlError) ? 'Internal error.' : error.message } });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}.` } });
  });
  app.get('/login/:nonce', async (request, reply) => {
    if (!links.consume((request.params as { nonce: string }).nonce)) {
      throw new ControlError(401, 'LINK_EXPIRED', 'This login link was used already or has expired: open docsync again from the tray or the terminal.');
    }
    // The cookie holds a session id, never the token: a leaked cookie is not the daemon's key.
    reply.setCookie(COOKIE, sessions.create(), { httpOnly: true, sameSite: 'strict', path: '/', maxAge: 30 * 24 * 3600 });
    return reply.redirect('/');
  });
  routes(app, options.control, links, () => url);
  if (options.rendererDir && fs.existsSync(path.join(options.rendererDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: options.rendererDir, index: 'index.html' });
  } else {
    app.get('/', async () => ({ message: 'The UI is not built: run `npm run build:ui`.' }));
  }
  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  url = `http://127.0.0.1:${port}`;
  return {
    app,
    url,
    loginLink: () => `${url}/login/${links.create()}`,
    close: () => app.close(),
  };
}
