// How long work is shown: the time left, and the pages read of one long document (issue 19).
import type { PageProgress } from '../../src/sync/progress.js';
import { t } from './i18n.js';

export function duration(seconds: number): string {
  if (seconds < 60) return t('progress.seconds', { n: seconds });
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? t('progress.minutes', { n: minutes }) : t('progress.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
}

/** "about 2 min left", or that it is not known yet. */
export function timeLeft(seconds: number | null): string {
  return seconds === null ? t('progress.unknown') : t('progress.left', { time: duration(seconds) });
}

/** "12 of 40 pages read, about 2 min left" while the service reads a long document. */
export function PagesLine({ pages }: { pages: PageProgress }) {
  return (
    <span class="pages" data-testid="pages">
      {t('progress.pagesLine', {
        pages: t('progress.pages', { done: pages.done, total: pages.total }),
        left: pages.secondsLeft === 0 ? t('progress.readingValues') : timeLeft(pages.secondsLeft),
      })}
    </span>
  );
}
