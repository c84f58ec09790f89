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
