// Ask: questions about the documents, one service session per conversation. The answer grows
// as the job's partial_answer does (polled through the control API); Stop asks the run to end
// and keeps what was written so far.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { agent, ApiError, type AgentJob, type AgentSession } from '../api.js';
import { language, t, type MessageKey } from '../i18n.js';
import { useStatus } from '../live.js';

const LIVE = new Set(['QUEUED', 'RUNNING']);
const POLL_MS = 250;

/** Follows a job until it settles: the latest copy, refreshed while it runs. */
function useJob(jobId: string, onSettled: () => void): AgentJob | undefined {
  const [job, setJob] = useState<AgentJob>();
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      const next = await agent.job(jobId).catch(() => undefined);
      if (stopped) return;
      if (next) setJob(next);
      if (!next || LIVE.has(next.status)) timer = setTimeout(tick, POLL_MS);
      else onSettled();
    };
    void tick();
    return () => ((stopped = true), clearTimeout(timer));
  }, [jobId]);
  return job?.job_id === jobId ? job : undefined;
}

type Block = { kind: 'text'; text: string } | { kind: 'table'; currency: string; head: string[]; rows: string[][]; total?: string[] };

const cells = (line: string) => line.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
const bold = /^\*\*(.*)\*\*$/;

/** The answer's blocks: paragraphs, and the Markdown tables the service writes (one per currency, under a **CUR** title). */
export function blocksOf(answer: string): Block[] {
  const blocks: Block[] = [];
  let currency = '';
  for (const part of answer.split(/\n{2,}/)) {
    const lines = part.split('\n');
    const title = part.trim().match(bold);
    if (title && lines.length === 1) {
      currency = title[1]!;
      continue;
    }
    if (lines.length >= 2 && lines.every((l) => l.trim().startsWith('|')) && /^\|[\s:|-]+\|$/.test(lines[1]!.trim())) {
      const rows = lines.slice(2).map(cells);
      const last = rows.at(-1);
      const total = last && last.some((c) => bold.test(c)) ? rows.pop()!.map((c) => c.replace(bold, '$1')) : undefined;
      blocks.push({ kind: 'table', currency, head: cells(lines[0]!), rows, total });
      currency = '';
      continue;
    }
    if (currency) blocks.push({ kind: 'text', text: `**${currency}**` });
    currency = '';
    blocks.push({ kind: 'text', text: part });
  }
  return blocks;
}

/** The answer as written, its figures as a table per currency. */
function AnswerText({ text }: { text: string }) {
  return (
    <>
      {blocksOf(text).map((b) =>
        b.kind === 'text' ? (
          <p>{b.text}</p>
        ) : (
          <table class="figures" data-currency={b.currency}>
            <caption>{/^[A-Z]{3}$/.test(b.currency) ? t('ask.figuresIn', { currency: b.currency }) : t('ask.figuresNoCurrency')}</caption>
            <thead>
              <tr>{b.head.map((h, i) => <th scope="col" class={i === b.head.length - 1 ? 'num' : undefined}>{h}</th>)}</tr>
            </thead>
            <tbody>
              {b.rows.map((r) => (
                <tr>{r.map((c, i) => <td class={i === r.length - 1 ? 'num' : undefined}>{c}</td>)}</tr>
              ))}
            </tbody>
            {b.total && (
              <tfoot>
                <tr>{b.total.map((c, i) => (i === 0 ? <th scope="row">{c}</th> : <td class={i === b.total!.length - 1 ? 'num' : undefined}>{c}</td>))}</tr>
              </tfoot>
            )}
          </table>
        ),
      )}
    </>
  );
}

function Sources({ job }: { job: AgentJob }) {
  if (job.citations.length === 0) return null;
  return (
    <div class="sources">
      <h3>{t('ask.sources')}</h3>
      <ol>
        {job.citations.map((c) => (
          <li data-source={c.file_id}>
            {c.local ? <a href={`#/files/${c.local.id}`}>{c.local.relPath}</a> : <span>{t('ask.remoteFile', { id: c.file_id })}</span>}
            {c.page !== null && <span class="muted"> · {t('ask.page', { page: c.page })}</span>}
            <blockquote>{c.snippet}</blockquote>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** One question and its answer (a finished turn, or the live one). */
function Turn({ question, jobId, onSettled }: { question: string; jobId: string; onSettled: () => void }) {
  const job = useJob(jobId, onSettled);
  const live = !job || LIVE.has(job.status);
  const text = job?.answer ?? job?.partial_answer ?? '';
  // Streamed text as it comes; the finished answer with its tables; "thinking" before the first word.
  const body = text ? (live ? text : <AnswerText text={text} />) : live ? <span class="muted">{t('ask.thinking')}</span> : null;
  return (
    <li class="turn" data-job={jobId} data-state={job?.status ?? 'QUEUED'}>
      <p class="question">{question}</p>
      <div class="answer" data-testid="answer" aria-live="polite" aria-busy={live}>
        {body}
      </div>
      {job && !live && job.status !== 'COMPLETED' && (
        <p class={job.status === 'FAILED' ? 'error' : 'muted'} data-testid="job-status">
          {t(`ask.status.${job.status}` as MessageKey)}
          {job.error ? `: ${job.error.message}` : ''}
        </p>
      )}
      {job && <Sources job={job} />}
    </li>
  );
}

function Conversations({ current, sessions }: { current?: string; sessions: AgentSession[] }) {
  return (
    <aside class="conversations" aria-labelledby="conv-h">
      <h2 id="conv-h">{t('ask.conversations')}</h2>
      <p>
        <a class="button" href="#/ask">
          {t('ask.new')}
        </a>
      </p>
      <ul class="list">
        {sessions.map((s) => (
          <li>
            <a href={`#/ask/${s.session_id}`} aria-current={s.session_id === current ? 'page' : undefined}>
              {s.title || t('ask.untitled')}
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}

function AskForm(props: { newConversation: boolean; busy: boolean; onAsk: (question: string, folder: string) => Promise<boolean>; onStop: () => void }) {
  const { status } = useStatus();
  const [question, setQuestion] = useState('');
  const [folder, setFolder] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    if (question.trim() && !props.busy && (await props.onAsk(question.trim(), folder))) setQuestion('');
  };
  return (
    <form class="ask-form" onSubmit={submit}>
      {props.newConversation && (
        <div class="field">
          <label for="ask-scope">{t('ask.scope')}</label>
          <select id="ask-scope" value={folder} onChange={(e) => setFolder((e.target as HTMLSelectElement).value)}>
            <option value="">{t('ask.scope.all')}</option>
            {status?.folders.map((f) => <option value={f.path}>{f.path}</option>)}
          </select>
        </div>
      )}
      <div class="field">
        <label for="ask-q">{t('ask.question')}</label>
        <textarea
          id="ask-q"
          rows={3}
          value={question}
          placeholder={t('ask.placeholder')}
          onInput={(e) => setQuestion((e.target as HTMLTextAreaElement).value)}
          onKeyDown={(e) => e.key === 'Enter' && (e.ctrlKey || e.metaKey) && void submit(e)}
        />
      </div>
      <div class="actions">
        <button type="submit" class="primary" disabled={props.busy}>
          {t('ask.submit')}
        </button>
        {props.busy && (
          <button type="button" class="danger" onClick={props.onStop}>
            {t('ask.stop')}
          </button>
        )}
      </div>
    </form>
  );
}

export function Ask({ sessionId }: { sessionId?: string }) {
  const [sessions, setSessions] = useState<AgentSession[]>([]);
  const [turns, setTurns] = useState<Array<{ question: string; jobId: string }>>([]);
  const [liveJob, setLiveJob] = useState<string>();
  const [error, setError] = useState<string>();
  // The session this page just created: its first turn is shown already, no reload.
  const created = useRef<string>();

  const loadSessions = useCallback(() => agent.sessions().then((r) => setSessions(r.sessions), (e: Error) => setError(e.message)), []);
  useEffect(() => void loadSessions(), [loadSessions]);
  useEffect(() => {
    if (sessionId && sessionId === created.current) return void (created.current = undefined);
    setTurns([]);
    setLiveJob(undefined);
    setError(undefined);
    if (!sessionId) return;
    agent.session(sessionId).then(
      (s) => {
        setTurns(s.turns.map((x) => ({ question: x.user_prompt, jobId: x.job_id })));
        setLiveJob(s.live_job_id ?? undefined);
      },
      (e: Error) => setError(e.message),
    );
  }, [sessionId]);

  const onAsk = async (question: string, folder: string): Promise<boolean> => {
    setError(undefined);
    try {
      let id = sessionId;
      if (!id) {
        id = (await agent.create({ title: question.slice(0, 80), ...(folder ? { folder } : {}) })).session_id;
        created.current = id;
        void loadSessions();
      }
      const { job_id } = await agent.ask(id, question, language());
      setTurns((list) => [...list, { question, jobId: job_id }]);
      setLiveJob(job_id);
      if (id !== sessionId) location.hash = `#/ask/${id}`;
      return true;
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
      return false;
    }
  };
  const onStop = () => void (sessionId && agent.stop(sessionId).catch((err: Error) => setError(err.message)));
  const settled = useCallback(() => setLiveJob(undefined), []);
  const ignore = useCallback(() => undefined, []);

  return (
    <section aria-labelledby="ask-h" class="ask">
      <h1 id="ask-h">{t('ask.heading')}</h1>
      <div class="ask-grid">
        <Conversations current={sessionId} sessions={sessions} />
        <div>
          {turns.length === 0 && <p class="muted">{t('ask.intro')}</p>}
          <ol class="turns">
            {turns.map((x) => (
              <Turn key={x.jobId} question={x.question} jobId={x.jobId} onSettled={x.jobId === liveJob ? settled : ignore} />
            ))}
          </ol>
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          <AskForm newConversation={!sessionId} busy={Boolean(liveJob)} onAsk={onAsk} onStop={onStop} />
        </div>
      </div>
    </section>
  );
}
