import { useEffect, useRef, useState } from 'preact/hooks';
import { t, type MessageKey } from './i18n.js';
import { useStatus } from './live.js';
import { Activity } from './pages/activity.js';
import { Ask } from './pages/ask.js';
import { FilePage } from './pages/file.js';
import { Folders } from './pages/folders.js';
import { Overview } from './pages/overview.js';
import { ReviewFile, ReviewQueue } from './pages/review.js';
import { Settings } from './pages/settings.js';
import { Welcome } from './pages/welcome.js';

function useHash(): string {
  const [hash, setHash] = useState(location.hash || '#/');
  useEffect(() => {
    const on = () => setHash(location.hash || '#/');
    addEventListener('hashchange', on);
    // The hash may have changed between the first render and this listener (a link opened
    // while the page was loading): take it now, or that change is never seen.
    on();
    return () => removeEventListener('hashchange', on);
  }, []);
  return hash;
}

const NAV: Array<[string, MessageKey]> = [
  ['#/', 'nav.overview'],
  ['#/activity', 'nav.activity'],
  ['#/review', 'nav.review'],
  ['#/ask', 'nav.ask'],
  ['#/folders', 'nav.folders'],
  ['#/settings', 'nav.settings'],
];

function page(hash: string) {
  const file = /^#\/files\/(\d+)/.exec(hash);
  if (file) return <FilePage id={Number(file[1])} />;
  if (hash.startsWith('#/activity')) return <Activity />;
  const review = /^#\/review(?:\/(\d+))?/.exec(hash);
  if (review) return review[1] ? <ReviewFile id={Number(review[1])} /> : <ReviewQueue />;
  const ask = /^#\/ask(?:\/([\w-]+))?/.exec(hash);
  if (ask) return <Ask sessionId={ask[1]} />;
  if (hash.startsWith('#/folders')) return <Folders />;
  if (hash.startsWith('#/settings')) return <Settings />;
  if (hash.startsWith('#/welcome')) return <Welcome />;
  return <Overview />;
}

export function App() {
  const hash = useHash();
  const { status, online } = useStatus();
  useEffect(() => {
    if (status?.firstRun && hash === '#/') location.hash = '#/welcome';
  }, [status?.firstRun]);
  // Focus moves to the new page's content on navigation, not at load (Tab then reaches the nav first).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    document.getElementById('main')?.focus();
  }, [hash]);
  return (
    <>
      <a class="skip" href="#main" onClick={(e) => (e.preventDefault(), document.getElementById('main')?.focus())}>
        {t('nav.skip')}
      </a>
      <header>
        <span class="brand">{t('app.title')}</span>
        <nav aria-label="docsync">
          {NAV.map(([href, key]) => (
            <a href={href} aria-current={(href === '#/' ? hash === '#/' : hash.startsWith(href)) ? 'page' : undefined}>
              {t(key)}
              {key === 'nav.review' && (status?.toReview ?? 0) > 0 && <span class="badge" data-testid="review-count"> {status!.toReview}</span>}
            </a>
          ))}
        </nav>
      </header>
      {!online && (
        <p class="banner error" role="alert">
          {t('common.offline')}
        </p>
      )}
      <main id="main" tabIndex={-1}>
        {page(hash)}
      </main>
    </>
  );
}
