// What a browser sees instead of a raw JSON 401: a login link that was used already or has
// expired, or the UI opened without a session. It says how to get a new link, in English or
// Japanese (the browser's Accept-Language), with no script and nothing it must load.

const TEXT = {
  en: {
    lang: 'en',
    title: 'docsync: this link has expired',
    head: 'This login link has expired',
    body: 'A login link works once and for a few minutes. Your documents are still being synced.',
    how: 'To open docsync again:',
    tray: 'click the docsync icon in the tray (menu bar) and choose Open docsync, or',
    cli: 'run this in a terminal, which opens a fresh link:',
  },
  ja: {
    lang: 'ja',
    title: 'docsync: リンクの有効期限が切れました',
    head: 'このログインリンクは有効期限が切れています',
    body: 'ログインリンクは一度だけ、数分間だけ使えます。文書の同期はそのまま続いています。',
    how: 'docsync をもう一度開くには：',
    tray: 'タスクトレイ（メニューバー）の docsync アイコンから「docsync を開く」を選ぶか、',
    cli: 'ターミナルで次のコマンドを実行すると、新しいリンクが開きます：',
  },
};

export function wantsJapanese(acceptLanguage: string | undefined): boolean {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ja');
}

export function expiredLinkPage(acceptLanguage: string | undefined): string {
  const t = wantsJapanese(acceptLanguage) ? TEXT.ja : TEXT.en;
  return `<!doctype html>
<html lang="${t.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>
body { font-family: system-ui, 'Noto Sans CJK JP', sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; color: #1b1f24; background: #f7f8fa; }
code { background: #e8ebef; padding: 2px 6px; border-radius: 4px; font-size: 1rem; }
@media (prefers-color-scheme: dark) { body { color: #e8eaed; background: #14171b; } code { background: #2a3037; } }
</style></head>
<body><main>
<h1>${t.head}</h1>
<p>${t.body}</p>
<p>${t.how}</p>
<ul><li>${t.tray}</li><li>${t.cli} <code>docsync open</code></li></ul>
</main></body></html>
`;
}
