// The overview's picture: per currency, totals per month and the top vendors, as bars.
// Each chart is a table (a caption, a row per bar, the amount written out), so a screen
// reader reads what the eye sees.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CurrencyTotals } from '../../../src/control/totals.js';
import { api } from '../api.js';
import { locale, t } from '../i18n.js';

function money(currency: string): (n: number) => string {
  try {
    const f = new Intl.NumberFormat(locale(), currency ? { style: 'currency', currency } : { minimumFractionDigits: 2 });
    return (n) => f.format(n);
  } catch {
    return (n) => `${n.toFixed(2)} ${currency}`;
  }
}

function monthName(month: string): string {
  return new Intl.DateTimeFormat(locale(), { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

function Bars({ caption, rows, format }: { caption: string; rows: Array<{ label: string; value: number }>; format: (n: number) => string }) {
  const max = Math.max(...rows.map((r) => Math.abs(r.value)), 1);
  return (
    <table class="bars">
      <caption>{caption}</caption>
      <tbody>
        {rows.map((r) => (
          <tr>
            <th scope="row">{r.label}</th>
            <td class="bar-cell">
              <span class="bar" style={{ width: `${Math.round((Math.abs(r.value) / max) * 100)}%` }} />
            </td>
            <td class="num">{format(r.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Asked again when the exported count moved, at most every 5 s (a burst of files moves it constantly). */
export function Totals({ version }: { version: number }) {
  const [totals, setTotals] = useState<CurrencyTotals[]>([]);
  const last = useRef(0);
  useEffect(() => {
    const wait = Math.max(0, last.current + 5_000 - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      void api.totals().then(setTotals, () => undefined);
    }, wait);
    return () => clearTimeout(timer);
  }, [version]);
  if (totals.length === 0) return null;
  return (
    <section aria-labelledby="totals-h" data-testid="totals">
      <h2 id="totals-h">{t('totals.heading')}</h2>
      <div class="totals">
        {totals.map((c) => {
          const format = money(c.currency);
          return (
            <div class="card" data-currency={c.currency}>
              <h3>{t('totals.currency', { currency: c.currency || t('totals.noCurrency'), count: c.documents })}</h3>
              {c.months.length > 0 && <Bars caption={t('totals.perMonth')} rows={c.months.map((m) => ({ label: monthName(m.month), value: m.total }))} format={format} />}
              {c.vendors.length > 0 && <Bars caption={t('totals.topVendors')} rows={c.vendors.map((v) => ({ label: v.vendor, value: v.total }))} format={format} />}
            </div>
          );
        })}
      </div>
    </section>
  );
}
