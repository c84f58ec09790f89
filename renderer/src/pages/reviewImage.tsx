// The page image of the review page (issue 16): the original page rendered by the daemon, the box
// of the selected field drawn on it, and every word a button that fills the selected field.
import { useEffect, useState } from 'preact/hooks';
import { pageImage } from '../api.js';
import { t } from '../i18n.js';

export type Box = [number, number, number, number];
export interface Word { text: string; box: Box }

interface Props {
  fileId: number;
  fileName: string;
  page: number;
  setPage(page: number): void;
  words: Word[];
  /** The selected field's box on this page. */
  highlight: Box | null;
  onWord(text: string): void;
}

const pct = (n: number) => `${(n * 100).toFixed(3)}%`;
const place = (b: Box) => ({ left: pct(b[0]), top: pct(b[1]), width: pct(b[2] - b[0]), height: pct(b[3] - b[1]) });

export function PageImage({ fileId, fileName, page, setPage, words, highlight, onWord }: Props) {
  const [image, setImage] = useState<{ url: string; pages: number } | null | 'none'>(null);
  const [zoom, setZoom] = useState(1);
  useEffect(() => {
    let gone = false;
    let url: string | undefined;
    pageImage(fileId, page).then(
      (img) => (gone ? URL.revokeObjectURL(img.url) : (setImage(img), (url = img.url))),
      () => !gone && setImage('none'),
    );
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId, page]);
  if (image === null) return <p class="muted">{t('common.loading')}</p>;
  if (image === 'none') return <p class="muted">{t('review.noImage')}</p>;
  return (
    <div class="review-image">
      <div class="row toolbar">
        <button type="button" aria-label={t('review.prevPage')} disabled={page <= 1} onClick={() => setPage(page - 1)}>‹</button>
        <span aria-live="polite">{t('review.page', { page, pages: image.pages })}</span>
        <button type="button" aria-label={t('review.nextPage')} disabled={page >= image.pages} onClick={() => setPage(page + 1)}>›</button>
        <button type="button" aria-label={t('review.zoomOut')} onClick={() => setZoom(Math.max(0.5, zoom - 0.25))}>−</button>
        <button type="button" aria-label={t('review.zoomIn')} onClick={() => setZoom(Math.min(4, zoom + 0.25))}>+</button>
      </div>
      <div class="page-scroll">
        <div class="page" style={{ width: `${zoom * 100}%` }} data-testid="page">
          <img src={image.url} alt={t('review.image', { file: fileName })} />
          {highlight && <div class="field-box" data-testid="field-box" style={place(highlight)} />}
          {words.map((w) => (
            <button
              type="button"
              class="word"
              tabIndex={-1}
              style={place(w.box)}
              aria-label={t('review.word', { text: w.text })}
              data-word={w.text}
              // The field keeps the focus: the word fills it without taking it away.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onWord(w.text)}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
