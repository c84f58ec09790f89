import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { t } from '../i18n.js';
import { refreshStatus, useStatus } from '../live.js';

export function Welcome() {
  const { status } = useStatus();
  const [chosen, setChosen] = useState(false);
  const embedded = async () => {
    await api.saveSettings({ service: { mode: 'embedded' } });
    await refreshStatus();
    setChosen(true);
  };
  return (
    <section aria-labelledby="welcome-h" class="welcome">
      <h1 id="welcome-h">{t('welcome.heading')}</h1>
      <p>{t('welcome.intro')}</p>
      {!chosen ? (
        <div class="actions">
          <button type="button" class="primary" onClick={embedded}>
            {t('welcome.embedded')}
          </button>
          <a class="button" href="#/settings">
            {t('welcome.remote')}
          </a>
        </div>
      ) : (
        <>
          <p role="status" data-testid="inbox">
            {t('welcome.inbox', { path: status?.inbox ?? '' })}
          </p>
          <a class="button primary" href="#/">
            {t('welcome.done')}
          </a>
        </>
      )}
    </section>
  );
}
