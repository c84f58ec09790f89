import { useEffect, useState } from 'preact/hooks';
import type { SettingsView } from '../../../src/control/views.js';
import { api } from '../api.js';
import { t } from '../i18n.js';
import { refreshStatus } from '../live.js';

export function Settings() {
  const [settings, setSettings] = useState<SettingsView>();
  const [apiKey, setApiKey] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const [logs, setLogs] = useState<Array<{ time: number; level: string; msg: string }>>([]);
  useEffect(() => {
    void api.settings().then(setSettings);
    void api.logs(50).then(setLogs, () => setLogs([]));
  }, []);
  if (!settings) return <p>{t('common.loading')}</p>;
  const service = settings.service;
  const setService = (patch: Partial<SettingsView['service']>) => setSettings({ ...settings, service: { ...service, ...patch } });
  const body = () => ({
    service: { mode: service.mode, ...(service.url ? { url: service.url } : {}), instance: service.instance ?? null, ...(apiKey ? { apiKey } : {}) },
    concurrency: settings.concurrency,
    // Always sent: an emptied field clears the setting (the server stores '' as "none").
    defaultOcrModel: settings.defaultOcrModel?.trim() ?? '',
  });
  const save = async (e: Event) => {
    e.preventDefault();
    try {
      setSettings(await api.saveSettings(body()));
      setApiKey('');
      setMessage({ ok: true, text: t('settings.saved') });
      await refreshStatus();
    } catch (error) {
      setMessage({ ok: false, text: (error as Error).message });
    }
  };
  const test = async () => {
    setMessage({ ok: true, text: t('settings.testing') });
    try {
      const result = await api.testConnection({ ...(service.url ? { url: service.url } : {}), instance: service.instance ?? null, ...(apiKey ? { apiKey } : {}) });
      setMessage({ ok: result.ok, text: result.message });
    } catch (error) {
      setMessage({ ok: false, text: (error as Error).message });
    }
  };
  return (
    <section aria-labelledby="settings-h">
      <h1 id="settings-h">{t('settings.heading')}</h1>
      <form onSubmit={save}>
        <fieldset>
          <legend>{t('settings.mode')}</legend>
          <label>
            <input type="radio" name="mode" value="embedded" checked={service.mode === 'embedded'} onChange={() => setService({ mode: 'embedded' })} />
            {t('settings.mode.embedded')}
          </label>
          <label>
            <input type="radio" name="mode" value="remote" checked={service.mode === 'remote'} onChange={() => setService({ mode: 'remote' })} />
            {t('settings.mode.remote')}
          </label>
        </fieldset>
        {service.mode === 'remote' && (
          <>
            <p>
              <label for="url">{t('settings.url')}</label>
              <input id="url" type="url" value={service.url ?? ''} onInput={(e) => setService({ url: (e.target as HTMLInputElement).value })} />
            </p>
            <p>
              <label for="region">{t('settings.region')}</label>
              <select id="region" value={service.instance ?? ''} onChange={(e) => setService({ instance: (e.target as HTMLSelectElement).value || null })}>
                <option value="">{t('settings.region.default')}</option>
                <option value="au">{t('settings.region.au')}</option>
                <option value="sg">{t('settings.region.sg')}</option>
                <option value="jp">{t('settings.region.jp')}</option>
              </select>
            </p>
            <p>
              <label for="apikey">{t('settings.apiKey')}</label>
              <input id="apikey" type="password" autocomplete="off" value={apiKey} onInput={(e) => setApiKey((e.target as HTMLInputElement).value)} aria-describedby="apikey-help" />
              <small id="apikey-help">{service.apiKeySet ? t('settings.apiKey.set') : t('settings.apiKey.unset')}</small>
            </p>
            <button type="button" onClick={test}>
              {t('action.test')}
            </button>
          </>
        )}
        <p>
          <label for="concurrency">{t('settings.concurrency')}</label>
          <input id="concurrency" type="number" min={1} max={64} value={settings.concurrency} onInput={(e) => setSettings({ ...settings, concurrency: Number((e.target as HTMLInputElement).value) })} />
        </p>
        <p>
          <label for="model">{t('settings.defaultOcrModel')}</label>
          <input id="model" value={settings.defaultOcrModel ?? ''} onInput={(e) => setSettings({ ...settings, defaultOcrModel: (e.target as HTMLInputElement).value })} />
        </p>
        <button type="submit">{t('action.save')}</button>
      </form>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} class={message.ok ? 'ok' : 'error'} data-testid="settings-message">
          {message.text}
        </p>
      )}
      <p>
        <button type="button" onClick={() => api.rebuild()}>
          {t('action.rebuild')}
        </button>
      </p>
      <h2>{t('logs.heading')}</h2>
      <pre class="logs">{logs.map((l) => `${new Date(l.time).toLocaleTimeString()} ${l.level} ${l.msg}`).join('\n')}</pre>
    </section>
  );
}
