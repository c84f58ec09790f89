// The review page (issue 16): the queue of files whose values need a person, oldest first, and one
// file's values beside its page image. The same page in the tray window and in a browser; below
// 600 px wide it is a list of fields without the image.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ReviewDetailView, ReviewFieldView, ReviewQueueEntry } from '../../../src/control/views.js';
import { api, ApiError } from '../api.js';
import { t, type MessageKey } from '../i18n.js';
import { refreshStatus } from '../live.js';
import { PageImage, type Box, type Word } from './reviewImage.js';
import { displayValue, fieldKey, FieldList, type Edit, type Rows } from './reviewFields.js';

/** Why a file needs review, in the reader's language (the check's own detail names the figures). */
function reason(r: ReviewQueueEntry['reasons'][number]): string {
  return t(`review.reason.${r.kind}` as MessageKey, { field: r.field ?? '', detail: r.detail });
}

export function ReviewQueue() {
  const [queue, setQueue] = useState<ReviewQueueEntry[] | null>(null);
  useEffect(() => void api.reviewQueue().then((q) => setQueue(q.files)), []);
  if (!queue) return <p>{t('common.loading')}</p>;
  return (
    <section aria-labelledby="review-h">
      <div class="row">
        <h1 id="review-h">{t('review.heading')}</h1>
        {queue.length > 0 && <a class="button primary" href={`#/review/${queue[0]!.id}`}>{t('review.start')}</a>}
      </div>
      {queue.length === 0 ? (
        <p class="muted">{t('review.queueEmpty')}</p>
      ) : (
        <ul class="list" data-testid="review-queue">
          {queue.map((q) => (
            <li data-review={q.id}>
              <a href={`#/review/${q.id}`}>{q.relPath}</a>
              <span class="reason">{q.reasons.map(reason).join('; ')}</span>
              {q.pending > 0 && <span class="muted">{t('review.pending', { count: q.pending })}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Docs = ReviewDetailView['documents'];

/** What changed, per formValues entry, as the control API takes it. */
function changes(docs: Docs, edits: Map<string, Edit>) {
  return docs
    .map((d, i) => ({
      fileId: d.fileId,
      schemaValueId: d.schemaValueId,
      fields: d.fields.flatMap((f): Array<{ title: string; value: unknown }> => {
        const e = edits.get(fieldKey(i, f.title));
        if (e === undefined) return [];
        if (typeof e === 'string') return e === displayValue(f.value) ? [] : [{ title: f.title, value: toIsoDate(f, e) }];
        return JSON.stringify(e) === JSON.stringify(f.value) ? [] : [{ title: f.title, value: e }];
      }),
    }))
    .filter((d) => d.fields.length > 0);
}

/** A date clicked on the page ("05/03/2024", "5.3.2024") in the field's yyyy-mm-dd, day first unless impossible. */
function toIsoDate(f: ReviewFieldView, text: string): string {
  const m = f.type === 'date' ? /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text.trim()) : null;
  if (!m) return text;
  const [a, b] = [Number(m[1]), Number(m[2])];
  const [d, mo] = a > 12 || b <= 12 ? [a, b] : [b, a];
  return `${m[3]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function ReviewFile({ id }: { id: number }) {
  const [detail, setDetail] = useState<ReviewDetailView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [words, setWords] = useState<Map<number, Word[]>>(new Map());
  const [edits, setEdits] = useState<Map<string, Edit>>(new Map());
  const [confirmed, setConfirmed] = useState<Set<string>>(new Set());
  const [active, setActive] = useState<{ key: string; box: Box | null; page: number | null } | null>(null);
  const [page, setPage] = useState(1);
  const [saved, setSaved] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    setDetail(null), setEdits(new Map()), setConfirmed(new Set()), setActive(null), setPage(1), setError(null);
    api.review(id).then(setDetail, (e: ApiError) => setError(e.message));
    api.words(id).then((w) => setWords(new Map(w.pages.map((p) => [p.page, p.words]))), () => undefined);
  }, [id]);
  // The first field to look at gets the focus: the keyboard starts where the work is.
  useEffect(() => {
    if (!detail) return;
    const first = form.current?.querySelector<HTMLInputElement>('.field.flagged input') ?? form.current?.querySelector<HTMLInputElement>('input[data-field-input]');
    first?.focus();
  }, [detail]);

  if (error) return <p class="error" role="alert">{error}</p>;
  if (!detail) return <p>{t('common.loading')}</p>;

  const edit = (key: string, value: Edit) => setEdits(new Map(edits).set(key, value));
  const focus = (key: string, f: ReviewFieldView) => {
    setActive({ key, box: f.source?.box ?? null, page: f.source?.page ?? null });
    if (f.source && f.source.page !== page) setPage(f.source.page);
  };
  const confirmField = (key: string, input: HTMLElement) => {
    setConfirmed(new Set(confirmed).add(key));
    const inputs = [...(form.current?.querySelectorAll<HTMLElement>('[data-field-input]') ?? [])];
    inputs[inputs.indexOf(input) + 1]?.focus();
  };
  const fillFromWord = (text: string) => {
    if (!active) return;
    const [doc, title, row, col] = active.key.split('\u0000');
    if (row === undefined) return edit(active.key, text);
    const field = detail.documents[Number(doc)]!.fields.find((f) => f.title === title)!;
    const rowsKey = fieldKey(Number(doc), title!);
    const current = edits.get(rowsKey);
    const rows: Rows = Array.isArray(current) ? current : ((field.value as Rows) ?? []);
    edit(rowsKey, rows.map((r, j) => (j === Number(row) ? { ...r, [col!]: text } : r)));
  };
  const save = async () => {
    try {
      const answer = await api.saveReview(id, changes(detail.documents, edits));
      setSaved(true);
      void refreshStatus();
      location.hash = answer.next ? `#/review/${answer.next}` : '#/review';
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void save();
    }
  };
  const highlight = active?.box && active.page === page ? active.box : null;
  return (
    <section aria-labelledby="review-file-h" class="review">
      <div class="row">
        <h1 id="review-file-h">{detail.relPath}</h1>
        <span class={`pill review-${detail.state.replace(' ', '-')}`} data-testid="review-state">{t(`review.state.${detail.state}` as MessageKey)}</span>
      </div>
      <p class="muted keys">{t('review.keys')}</p>
      {detail.pendingSaves > 0 && <p class="muted">{t('review.pending', { count: detail.pendingSaves })}</p>}
      {detail.refused.map((r) => <p class="error">{t('review.refused', { reason: r })}</p>)}
      {saved && <p role="status">{t('review.saved')}</p>}
      <div class="review-grid">
        <PageImage fileId={id} fileName={detail.relPath} page={page} setPage={setPage} words={words.get(page) ?? []} highlight={highlight} onWord={fillFromWord} />
        <form ref={form} aria-label={t('review.fields')} onKeyDown={onKeyDown} onSubmit={(e) => (e.preventDefault(), void save())}>
          {detail.reasons.length > 0 && (
            <details>
              <summary>{t('review.reasons')}</summary>
              <ul>{detail.reasons.map((r) => <li>{reason(r)}</li>)}</ul>
            </details>
          )}
          {detail.documents.map((d, i) => (
            <fieldset>
              <legend>{d.fileName}</legend>
              <FieldList docIndex={i} fields={d.fields} threshold={detail.threshold} edits={edits} confirmed={confirmed} active={active?.key ?? null}
                onEdit={edit} onFocus={focus} onConfirm={confirmField} />
            </fieldset>
          ))}
          <button type="submit" class="primary">{t('review.save')}</button>
        </form>
      </div>
    </section>
  );
}
