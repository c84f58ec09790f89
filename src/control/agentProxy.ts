// The Ask page's way to the agent: the control API proxies to the service through the daemon's
// client (its address and key), so the UI never holds the key nor talks to the service itself.
// Citations come back with the local file they came from, for links to the file page.
import { ServiceClient, ServiceError } from '../client/index.js';
import type { Db } from '../sync/state/db.js';
import { parseFileIds } from '../sync/state/files.js';
import { fileOfRemoteId, newestFileIds } from '../sync/state/queries.js';
import type { AgentAskBody, AgentSessionBody } from './contract.js';
import { ControlError } from './daemonControl.js';

const MAX_IDS = 100;

export interface AgentProxyOptions {
  serviceUrl: string;
  apiKey: string;
  db: Db;
  /** The remote directory of a watched folder, when it has one (a narrower scope than file ids). */
  directoryOf(folder: string): string | undefined;
}

/** The service's problem, as the control API's error (same status; the service's words). */
function translate(error: unknown): never {
  if (error instanceof ServiceError) {
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 502;
    const code = status === 404 ? 'NOT_FOUND' : status === 409 ? 'RUN_LIVE' : status === 502 ? 'SERVICE_UNAVAILABLE' : 'SERVICE_REFUSED';
    throw new ControlError(status, code, error.detail || error.title || error.message);
  }
  throw new ControlError(502, 'SERVICE_UNAVAILABLE', `The processing service cannot be reached: ${(error as Error).message}`);
}

export class AgentProxy {
  private readonly client: ServiceClient;

  constructor(private readonly o: AgentProxyOptions) {
    // One attempt per call: the person is waiting and can press again.
    this.client = new ServiceClient({ baseUrl: o.serviceUrl, apiKey: o.apiKey, retry: { maxAttempts: 1 } });
  }

  close(): Promise<void> {
    return this.client.close();
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      return translate(error);
    }
  }

  /** A watched folder as a scope: its remote directory, else the newest files it uploaded. */
  private folderScope(folder: string): { directory_id: string } | { file_ids: string[] } {
    const directory = this.o.directoryOf(folder);
    if (directory) return { directory_id: directory };
    const rows = newestFileIds(this.o.db, folder, MAX_IDS);
    const ids = rows.flatMap((r) => parseFileIds(r)).slice(0, MAX_IDS);
    if (ids.length === 0) throw new ControlError(422, 'EMPTY_SCOPE', 'Nothing from that folder has been processed yet.');
    return { file_ids: ids };
  }

  sessions() {
    return this.call(() => this.client.listAgentSessions());
  }

  createSession(body: AgentSessionBody) {
    const scope = body.folder ? this.folderScope(body.folder) : {};
    return this.call(() => this.client.createAgentSession({ ...(body.title ? { title: body.title } : {}), ...scope }));
  }

  session(id: string) {
    return this.call(() => this.client.getAgentSession(id));
  }

  ask(id: string, body: AgentAskBody) {
    return this.call(() =>
      this.client.askAgent(id, {
        user_prompt: body.question,
        allow_ai_query_subagent: true,
        ...(body.languageCode ? { language_code: body.languageCode } : {}),
      }),
    );
  }

  stop(id: string) {
    return this.call(() => this.client.stopAgentSession(id));
  }

  deleteSession(id: string) {
    return this.call(() => this.client.deleteAgentSession(id));
  }

  /** The job, each citation with the local file (id and path) that was uploaded as it. */
  async job(id: string) {
    const job = await this.call(() => this.client.getAgentJob(id));
    const local = this.localFiles(job.citations.map((c) => c.file_id));
    return { ...job, citations: job.citations.map((c) => ({ ...c, local: local.get(c.file_id) ?? null })) };
  }

  private localFiles(fileIds: string[]): Map<string, { id: number; relPath: string; folder: string }> {
    const found = new Map<string, { id: number; relPath: string; folder: string }>();
    for (const fileId of new Set(fileIds)) {
      const row = fileOfRemoteId(this.o.db, fileId);
      if (row) found.set(fileId, { id: row.id, relPath: row.rel_path, folder: row.folder });
    }
    return found;
  }
}
