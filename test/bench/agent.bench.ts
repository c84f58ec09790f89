// `npm run eval:agent` (= `npm run bench -- agent`): the agent's answers on the project's own
// generated corpus (test/eval/generated.ts), asked through the v2 agent API of a real service.
// Questions come from test/eval/agent/questions.ts in four phrasing sets (`tuning`, `report`, `holdout`, `fresh`; see
// docs/agent.md), the two sets of others.ts on the same corpus, and the `fresh-tune` and `fresh-holdout` sets of
// test/eval/agent/unseen.ts and `fresh2-holdout` of test/eval/agent/unseenFresh2.ts, each on a corpus of its own generated with another seed; and in two phases: as extracted, and after a review that corrects every value
// that differs from the truth through PATCH values (the agent's own accuracy, extraction errors
// taken out). Accuracy is printed per kind of question and language; the JSON goes to
// test/bench/results/agent.json.
//
// Options: --count N (corpus documents, default 168: the cached corpus; the fresh-* sets have their own),
// --set tuning|report|holdout|fresh|others-tune|others-holdout|fresh-tune|fresh-holdout|fresh2-holdout|all (or several, comma-separated)
// (default all), --phase extracted|reviewed|both (default both), --verbose (print wrong answers).
import { randomUUID } from 'node:crypto';
import { startTestService, type TestService } from '../../src/service/testing.js';
import { cachedProcessor, loadIntoService, review } from '../eval/agent/corpus.js';
import { generateQuestions, type EvalQuestion, type Setup } from '../eval/agent/questions.js';
import type { PhrasingSet } from '../eval/agent/phrasings.js';
import { scoreAnswer, type Job } from '../eval/agent/score.js';
import { UNSEEN_CORPUS, UNSEEN_SETS, unseenQuestions, type UnseenSet } from '../eval/agent/unseen.js';
import { FRESH2_CORPUS, FRESH2_SET, fresh2Questions } from '../eval/agent/unseenFresh2.js';
import { generatedCorpus } from '../eval/generated.js';

/** The service's "today": fixed, so relative periods ("last quarter") have known answers. */
const TODAY = Date.UTC(2025, 11, 20, 12);
const FISCAL_YEAR_START = 4;

async function ask(svc: TestService, session: string, q: EvalQuestion): Promise<Job> {
  const res = await svc.request('POST', `/prod/v2/agent/sessions/${session}/ask`, {
    body: { user_prompt: q.prompt, allow_ai_query_subagent: true, language_code: q.lang },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (res.status !== 202) throw new Error(`ask: ${res.status} ${JSON.stringify(res.body)}`);
  for (;;) {
    const job = await svc.request('GET', `/prod/v2/jobs/${res.body.job_id}`);
    if (['COMPLETED', 'FAILED', 'STOPPED', 'STALE'].includes(job.body.status)) return job.body as Job;
    await new Promise((r) => setTimeout(r, 5));
  }
}

interface Tally { asked: number; right: number; accuracy?: number }
const pct = (t: Tally) => Math.round((t.right / Math.max(1, t.asked)) * 1000) / 10;

async function runSet(svc: TestService, session: string, questions: EvalQuestion[], verbose: boolean) {
  const byKind: Record<string, Tally> = {};
  const wrong: Array<{ kind: string; lang: string; prompt: string; why: string[]; answer: string }> = [];
  for (const q of questions) {
    const job = await ask(svc, session, q);
    const { ok, why } = scoreAnswer(q, job);
    for (const key of [q.kind, `${q.kind} (${q.lang})`, `all (${q.lang})`, 'all']) {
      const t = (byKind[key] ??= { asked: 0, right: 0 });
      t.asked++;
      if (ok) t.right++;
    }
    if (!ok) {
      wrong.push({ kind: q.kind, lang: q.lang, prompt: q.prompt, why, answer: (job.answer ?? '').slice(0, 600) });
      if (verbose) console.log(`WRONG [${q.kind}/${q.lang}] ${q.prompt}\n  ${why.join('; ')}\n  ${(job.answer ?? '').split('\n').slice(0, 3).join(' / ')}`);
    }
  }
  for (const t of Object.values(byKind)) t.accuracy = pct(t);
  return { questions: questions.length, right: byKind.all?.right ?? 0, accuracy: byKind.all?.accuracy ?? 0, byKind, wrong };
}

function print(label: string, r: Awaited<ReturnType<typeof runSet>>) {
  const lang = (l: string) => (r.byKind[`all (${l})`] ? `${r.byKind[`all (${l})`]!.right}/${r.byKind[`all (${l})`]!.asked} (${r.byKind[`all (${l})`]!.accuracy}%)` : '-');
  console.log(`\n${label}: ${r.right}/${r.questions} right (${r.accuracy}%); en ${lang('en')}, ja ${lang('ja')}`);
  const kinds = Object.keys(r.byKind).filter((k) => !k.includes('(') && k !== 'all').sort();
  for (const k of kinds) {
    const en = r.byKind[`${k} (en)`];
    const ja = r.byKind[`${k} (ja)`];
    console.log(`  ${k.padEnd(18)} ${String(r.byKind[k]!.accuracy).padStart(5)}%  (${r.byKind[k]!.right}/${r.byKind[k]!.asked}; en ${en ? `${en.right}/${en.asked}` : '-'}, ja ${ja ? `${ja.right}/${ja.asked}` : '-'})`);
  }
}

type SetName = PhrasingSet | UnseenSet | typeof FRESH2_SET;
const isUnseen = (set: SetName): set is UnseenSet => (UNSEEN_SETS as string[]).includes(set);
/** Sets on a corpus of their own (another seed). */
const ownCorpus = (set: SetName) => isUnseen(set) || set === FRESH2_SET;
const corpusOf = (set: SetName) => (isUnseen(set) ? UNSEEN_CORPUS[set] : FRESH2_CORPUS);
const questionsOf = (setup: Setup, set: SetName) =>
  set === FRESH2_SET ? fresh2Questions(setup) : isUnseen(set) ? unseenQuestions(setup, set) : generateQuestions(setup, set);

/** Asks `sets` on one corpus loaded into a fresh service, in each phase; results keyed `set/phase`. */
async function runCorpus(corpusOpts: { count: number; seed?: number }, sets: SetName[], phases: string[], verbose: boolean, results: Record<string, unknown>) {
  const corpus = await generatedCorpus(corpusOpts.count, corpusOpts.seed);
  const byName = new Map(corpus.docs.map((d) => [d.file.split('/').pop()!, d]));
  const offset = TODAY - Date.now();
  const svc = await startTestService({ now: () => Date.now() + offset, processor: cachedProcessor(byName), agent: { streamChunkDelayMs: 0, fiscalYearStart: FISCAL_YEAR_START } });
  try {
    const loaded = await loadIntoService(svc, corpus.docs, { dupes: 6, extra: 4 });
    const session = (await svc.request('POST', '/prod/v2/agent/sessions', { body: { directory_id: loaded.directoryId } })).body.session_id as string;
    const setup: Setup = { docs: loaded.docs, now: new Date(TODAY), fiscalYearStart: FISCAL_YEAR_START };
    if (phases.includes('extracted')) {
      for (const set of sets) {
        const r = await runSet(svc, session, questionsOf(setup, set), verbose);
        print(`${set} set, values as extracted`, r);
        results[`${set}/extracted`] = r;
      }
    }
    if (phases.includes('reviewed')) {
      const corrected = await review(svc, loaded.docs);
      console.log(`\nreview: ${corrected.size} documents corrected through PATCH values`);
      for (const set of sets) {
        const r = await runSet(svc, session, questionsOf({ ...setup, corrected }, set), verbose);
        print(`${set} set, values reviewed`, r);
        results[`${set}/reviewed`] = r;
      }
    }
    return {
      documents: corpus.docs.length, seed: corpusOpts.seed ?? 'default', sets, invoices: loaded.docs.filter((d) => d.invoice).length,
      duplicatesUploaded: loaded.duplicates, deletedUploads: loaded.deleted,
    };
  } finally {
    await svc.close();
  }
}

export async function run(options: { count?: string; set?: string; phase?: string; verbose?: boolean } = {}): Promise<object> {
  const all: SetName[] = ['tuning', 'report', 'holdout', 'fresh', 'others-tune', 'others-holdout', ...UNSEEN_SETS, FRESH2_SET];
  const sets: SetName[] = options.set && options.set !== 'all' ? (options.set.split(',') as SetName[]) : all;
  for (const s of sets) if (!all.includes(s)) throw new Error(`no question set "${s}" (known: ${all.join(', ')})`);
  const phases = options.phase && options.phase !== 'both' ? [options.phase] : ['extracted', 'reviewed'];
  const results: Record<string, unknown> = {};
  const corpora: object[] = [];
  const shared = sets.filter((s) => !ownCorpus(s));
  if (shared.length) corpora.push(await runCorpus({ count: Number(options.count ?? 168) }, shared, phases, Boolean(options.verbose), results));
  for (const set of sets.filter(ownCorpus)) corpora.push(await runCorpus(corpusOf(set), [set], phases, Boolean(options.verbose), results));
  return { corpora, today: new Date(TODAY).toISOString().slice(0, 10), fiscalYearStart: FISCAL_YEAR_START, results };
}
