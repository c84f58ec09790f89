import { afterEach, describe, expect, it } from 'vitest';
import { japaneseCatalogue, messageKeys, pickLanguage, setLanguage, t } from '../../../renderer/src/i18n.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the UI catalogue', () => {
  afterEach(() => setLanguage('en'));

  it('has a Japanese entry for every English key, with the same placeholders', () => {
    const ja = japaneseCatalogue as Record<string, string | undefined>;
    const missing = messageKeys.filter((k) => !ja[k]?.trim());
    expect(missing).toEqual([]);
    setLanguage('en');
    const english = Object.fromEntries(messageKeys.map((k) => [k, t(k)]));
    for (const key of messageKeys) expect(placeholders(ja[key]!), key).toEqual(placeholders(english[key]!));
    expect(Object.keys(ja).filter((k) => !messageKeys.includes(k as never))).toEqual([]);
  });

  it('picks Japanese for ja-JP and English otherwise, and fills placeholders', () => {
    expect(pickLanguage(['ja-JP', 'en-US'])).toBe('ja');
    expect(pickLanguage(['fr-FR', 'en-GB'])).toBe('en');
    expect(pickLanguage(['de'])).toBe('en');
    setLanguage('ja');
    expect(t('nav.overview')).toBe('概要');
    expect(t('welcome.inbox', { path: '/x/Inbox' })).toContain('/x/Inbox');
  });
});

describe('every string through the catalogue', () => {
  // Text a person reads written straight into the markup would stay English in the Japanese UI.
  const allowed = new Set(['docsync', '/home/me/Invoices', 'Model_ENG_GP25']);
  it('has no words written into the pages instead of t()', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = 'renderer/src';
    const files = [...fs.readdirSync(dir), ...fs.readdirSync(path.join(dir, 'pages')).map((f) => `pages/${f}`)].filter((f) => f.endsWith('.tsx'));
    const found: string[] = [];
    for (const f of files) {
      const src = fs.readFileSync(path.join(dir, f), 'utf8').replace(/\/\/.*$/gm, '');
      for (const m of src.matchAll(/(?<!=)>([^<>{}()=;]*[A-Za-z\u3040-\u30ff\u4e00-\u9fff]{2,}[^<>{}()=;]*)</g)) {
        if (!allowed.has(m[1]!.trim())) found.push(`${f}: ${m[1]!.trim()}`);
      }
      for (const m of src.matchAll(/(?:aria-label|title|placeholder|alt)="([^"]*[A-Za-z]{2,}[^"]*)"/g)) {
        if (!allowed.has(m[1]!)) found.push(`${f}: ${m[1]}`);
      }
    }
    expect(found).toEqual([]);
    expect(files.length).toBeGreaterThan(5);
  });

  it('translates the reasons the daemon records and the built-in field names, keeping their details', async () => {
    const { reasonText, failureText, fieldLabel } = await import('../../../renderer/src/reasons.js');
    setLanguage('ja');
    expect(reasonText('exported 2 document(s)')).toBe('値を書き出しました（文書 2 件）');
    expect(reasonText('moved to Processed/a.pdf')).toBe('Processed/a.pdf に移動しました');
    expect(reasonText('retry in 4 s: 503 busy')).toBe('4 秒後に再試行します：503 busy');
    expect(reasonText('something new')).toBe('something new');
    expect(failureText('NETWORK_ERROR', 'fetch failed')).toMatch(/^処理サービスに接続できません/);
    expect(failureText('UNSUPPORTED_FILE', 'The file is damaged.')).toBe('The file is damaged.');
    expect(fieldLabel('Invoice Number')).toBe('請求書番号');
    expect(fieldLabel('Kostenstelle')).toBe('Kostenstelle');
    expect(t('file.openLink', { what: t('file.link.file') })).toBe('ファイルを開く');
    const { FAILURE_CODES } = await import('../../../src/control/reasons.js');
    expect(FAILURE_CODES.map((c) => c.key).filter((k) => !messageKeys.includes(k as never))).toEqual([]);
  });
});
