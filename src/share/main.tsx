/**
 * The public page of a share link, share.html served for /share/<token>: the one coverage report
 * the link names, with no sign-in, in the browser's language, printable, from phone width up. Built
 * with the field app's Preact (vite.field.config.ts): it loads none of the console, and asks only
 * GET /api/v1/share/<token>/coverage.
 */
import './share.css';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { GetSharedCoverageReport200 } from '../api/gen/model';
import { SHARE_PATH } from '../domain/coverage-share.ts';
import { browserLanguage, textsFor } from './texts.ts';

type Report = GetSharedCoverageReport200;
type Counts = Report['totals'];
type State = { kind: 'loading' } | { kind: 'error'; status: number } | { kind: 'ready'; report: Report };

const lang = browserLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
const t = textsFor(lang);
const locale = { en: 'en-GB', fi: 'fi-FI', sv: 'sv-SE' }[lang];
document.documentElement.lang = lang;
document.title = t('title');

const token = decodeURIComponent(location.pathname.slice(SHARE_PATH.length + 1).split('/')[0] ?? '');

const formatDay = (day: string) =>
  new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
const percent = (c: Counts) => (c.on_time_percent === null ? '–' : `${c.on_time_percent} %`);

function SharePage() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    fetch(`/api/v1/share/${encodeURIComponent(token)}/coverage`, { headers: { accept: 'application/json' } })
      .then(async (res) =>
        res.ok
          ? setState({ kind: 'ready', report: (await res.json()) as Report })
          : setState({ kind: 'error', status: res.status }),
      )
      .catch(() => setState({ kind: 'error', status: 0 }));
  }, []);
  if (state.kind === 'loading') return <p className="share__note">{t('loading')}</p>;
  if (state.kind === 'error') {
    const message = state.status === 404 ? t('gone') : state.status === 429 ? t('tooMany') : t('failed');
    return (
      <>
        <h1>{t('title')}</h1>
        <p className="share__alert" role="alert">
          {message}
        </p>
      </>
    );
  }
  return <ReportView report={state.report} />;
}

function ReportView({ report }: { report: Report }) {
  const r = report;
  const expires = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(r.expires_at),
  );
  return (
    <>
      <header className="share__header">
        <div>
          <p className="share__site">{r.site_name}</p>
          <h1>
            {t('title')}: {r.label}
          </h1>
        </div>
        <button type="button" className="share__print" onClick={() => window.print()}>
          {t('print')}
        </button>
      </header>
      <dl className="share__facts">
        <div>
          <dt>{t('period')}</dt>
          <dd>
            {formatDay(r.from)} – {formatDay(r.to)}
          </dd>
        </div>
        <div>
          <dt>{t('scope')}</dt>
          <dd>{r.position_group_name ?? t('all')}</dd>
        </div>
      </dl>
      <p className="share__note">
        {t('timeZone', { tz: r.time_zone })} · {t('validUntil', { date: expires })}
      </p>
      <ul className="share__cards">
        <Stat label={t('onTimePercent')} value={percent(r.totals)} strong />
        <Stat label={t('late')} value={r.totals.late} />
        <Stat label={t('missed')} value={r.totals.missed} />
        <Stat label={t('excused')} value={r.totals.excused} />
        <Stat label={t('windows')} value={r.totals.windows} />
      </ul>
      {r.totals.windows === 0 ? <p>{t('none')}</p> : null}
      {r.days.length > 0 ? (
        <section aria-labelledby="share-days">
          <h2 id="share-days">{t('perDay')}</h2>
          <Trend days={r.days} />
          <CountsTable
            first={t('day')}
            label={t('perDay')}
            rows={r.days.map((d) => ({ key: d.day, name: formatDay(d.day), counts: d.counts }))}
          />
        </section>
      ) : null}
      {r.positions.length > 0 ? (
        <section aria-labelledby="share-positions">
          <h2 id="share-positions">{t('positions')}</h2>
          <CountsTable
            first={t('position')}
            label={t('positions')}
            rows={r.positions.map((p) => ({
              key: p.position_code,
              name: `${p.position_code} – ${p.position_name}`,
              counts: p.counts,
            }))}
          />
        </section>
      ) : null}
      {r.workers && r.workers.length > 0 ? (
        <section aria-labelledby="share-workers">
          <h2 id="share-workers">{t('workers')}</h2>
          <CountsTable
            first={t('worker')}
            label={t('workers')}
            rows={r.workers.map((w, i) => ({ key: `${i}`, name: w.worker_name, counts: w.counts }))}
          />
        </section>
      ) : null}
      <footer className="share__note">{t('readOnly')}</footer>
    </>
  );
}

function Stat({ label, value, strong }: { label: string; value: string | number; strong?: boolean }) {
  return (
    <li className={`share__stat${strong ? ' share__stat--strong' : ''}`}>
      <span>{label}</span>
      <strong>{value}</strong>
    </li>
  );
}

function CountsTable({
  first,
  label,
  rows,
}: {
  first: string;
  label: string;
  rows: { key: string; name: string; counts: Counts }[];
}) {
  // A wide table scrolls sideways on a phone: the region takes the keyboard's focus to scroll it.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
    <section className="share__table" aria-label={label} tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col">{t('windows')}</th>
            <th scope="col">{t('percent')}</th>
            <th scope="col">{t('late')}</th>
            <th scope="col">{t('missed')}</th>
            <th scope="col">{t('excused')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              <td>{row.counts.windows}</td>
              <td>{percent(row.counts)}</td>
              <td>{row.counts.late}</td>
              <td>{row.counts.missed}</td>
              <td>{row.counts.excused}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The on-time share per day as a line; the table below it holds the same figures. */
function Trend({ days }: { days: Report['days'] }) {
  const judged = days.filter((d) => d.counts.on_time_percent !== null);
  if (judged.length < 2) return null;
  const x = (i: number) => (i * 100) / (days.length - 1);
  const points = days
    .map((d, i) => (d.counts.on_time_percent === null ? null : `${x(i)},${100 - d.counts.on_time_percent}`))
    .filter((p): p is string => p !== null)
    .join(' ');
  const sorted = [...judged].sort(
    (a, b) => (a.counts.on_time_percent ?? 0) - (b.counts.on_time_percent ?? 0),
  );
  const label = t('trend', {
    first: percent(judged[0].counts),
    last: percent(judged[judged.length - 1].counts),
    low: `${percent(sorted[0].counts)} (${formatDay(sorted[0].day)})`,
    high: `${percent(sorted[sorted.length - 1].counts)} (${formatDay(sorted[sorted.length - 1].day)})`,
  });
  return (
    <svg
      className="share__trend"
      viewBox="0 0 100 100"
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      {[0, 50, 100].map((p) => (
        <line key={p} x1={0} x2={100} y1={p} y2={p} className="share__grid" />
      ))}
      <polyline points={points} className="share__line" />
    </svg>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <SharePage />
  </StrictMode>,
);
