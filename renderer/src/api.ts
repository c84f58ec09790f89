// The renderer's only way into the daemon: the control API (cookie set by the login link).
import type { CurrencyTotals } from '../../src/control/totals.js';
import type { FileDetailView, FileView, FolderView, ReviewDetailView, ReviewQueueEntry, SettingsView, StatusView, StreamEvent } from '../../src/control/views.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    // X-Docsync: the API refuses a cookie-authenticated change without it (CSRF; a foreign page cannot send it).
    headers: { 'x-docsync': '1', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as { error?: { code: string; message: string } };
  if (!res.ok) throw new ApiError(res.status, data.error?.code ?? 'HTTP', data.error?.message ?? res.statusText);
  return data as T;
}

export interface FilesPage {
  files: FileView[];
  total: number;
}

export const api = {
  status: () => call<StatusView>('GET', '/api/status'),
  totals: () => call<CurrencyTotals[]>('GET', '/api/totals'),
  files: (q: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
    return call<FilesPage>('GET', `/api/files?${params}`);
  },
  file: (id: number) => call<FileDetailView>('GET', `/api/files/${id}`),
  retryFile: (id: number) => call<{ retried: number }>('POST', `/api/files/${id}/retry`),
  retryAll: (folder?: string) => call<{ retried: number }>('POST', '/api/retry', folder ? { folder } : {}),
  pause: (folder?: string) => call<StatusView>('POST', '/api/pause', folder ? { folder } : {}),
  resume: (folder?: string) => call<StatusView>('POST', '/api/resume', folder ? { folder } : {}),
  folders: () => call<FolderView[]>('GET', '/api/folders'),
  addFolder: (body: Record<string, unknown>) => call<FolderView>('POST', '/api/folders', body),
  updateFolder: (body: Record<string, unknown>) => call<FolderView>('PATCH', '/api/folders', body),
  removeFolder: (path: string) => call<unknown>('DELETE', '/api/folders', { path }),
  settings: () => call<SettingsView>('GET', '/api/settings'),
  saveSettings: (body: Record<string, unknown>) => call<SettingsView>('PUT', '/api/settings', body),
  testConnection: (body: Record<string, unknown>) => call<{ ok: boolean; message: string }>('POST', '/api/test-connection', body),
  schemas: () => call<Array<{ id: string; name: string }>>('GET', '/api/schemas'),
  rebuild: () => call<unknown>('POST', '/api/ledgers/rebuild'),
  reviewQueue: () => call<{ files: ReviewQueueEntry[]; count: number }>('GET', '/api/review'),
  review: (id: number) => call<ReviewDetailView>('GET', `/api/files/${id}/review`),
  words: (id: number) => call<{ pages: Array<{ page: number; words: Array<{ text: string; box: [number, number, number, number] }> }> }>('GET', `/api/files/${id}/words`),
  saveReview: (id: number, documents: Array<{ fileId: string; schemaValueId: string; fields: Array<{ title: string; value: unknown }> }>) =>
    call<{ saved: number[]; state: string; next: number | null }>('POST', `/api/files/${id}/values`, { documents }),
  logs: (limit = 100) => call<Array<{ time: number; level: string; msg: string }>>('GET', `/api/logs?limit=${limit}`),
};

export interface AgentSession {
  session_id: string;
  title: string | null;
  created_at: string;
}
export interface AgentTurn {
  job_id: string;
  user_prompt: string;
  status: string;
}
export interface AgentCitation {
  file_id: string;
  document_id: string;
  page: number | null;
  snippet: string;
  local: { id: number; relPath: string; folder: string } | null;
}
export interface AgentJob {
  job_id: string;
  session_id: string;
  status: 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'STOPPED' | 'STALE';
  answer: string | null;
  partial_answer: string | null;
  citations: AgentCitation[];
  error: { code: string; message: string } | null;
}

const s = (id: string) => `/api/agent/sessions/${encodeURIComponent(id)}`;
export const agent = {
  sessions: () => call<{ sessions: AgentSession[] }>('GET', '/api/agent/sessions'),
  create: (body: { title?: string; folder?: string }) => call<AgentSession>('POST', '/api/agent/sessions', body),
  session: (id: string) => call<AgentSession & { live_job_id: string | null; turns: AgentTurn[] }>('GET', s(id)),
  ask: (id: string, question: string, languageCode?: string) => call<{ job_id: string }>('POST', `${s(id)}/ask`, { question, languageCode }),
  stop: (id: string) => call<{ stop_requested: boolean }>('POST', `${s(id)}/stop`),
  remove: (id: string) => call<unknown>('DELETE', s(id)),
  job: (id: string) => call<AgentJob>('GET', `/api/agent/jobs/${encodeURIComponent(id)}`),
};

export const openUrl = (id: number, what: string) => `/api/files/${id}/open/${what}`;

/**
 * The engine's typed event stream. The browser reconnects by itself after a dropped connection,
 * but gives up for good when an answer is not a stream (the daemon restarting, a proxy error):
 * then it is opened again here, after a pause.
 */
export function subscribe(onEvent: (event: StreamEvent) => void, onState?: (online: boolean) => void): () => void {
  let source: EventSource;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ended = false;
  const open = () => {
    source = new EventSource('/api/events');
    for (const type of ['file', 'folder', 'idle', 'review', 'pages'] as const) {
      source.addEventListener(type, (e) => onEvent({ type, data: JSON.parse((e as MessageEvent).data) } as StreamEvent));
    }
    source.onopen = () => onState?.(true);
    source.onerror = () => {
      onState?.(false);
      if (source.readyState === EventSource.CLOSED && !ended) retry = setTimeout(open, 3000);
    };
  };
  open();
  return () => {
    ended = true;
    clearTimeout(retry);
    source.close();
  };
}

/** A page of a file as an image (rendered by the daemon), with the file's page count. */
export async function pageImage(id: number, page: number): Promise<{ url: string; pages: number }> {
  const res = await fetch(`/api/files/${id}/pages/${page}`, { credentials: 'same-origin' });
  if (!res.ok) throw new ApiError(res.status, 'HTTP', res.statusText);
  return { url: URL.createObjectURL(await res.blob()), pages: Number(res.headers.get('x-page-count') ?? 1) };
}
