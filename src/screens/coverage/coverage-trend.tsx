import { useTranslation } from 'react-i18next';
import type { CoverageCounts } from '../../api/gen/model';
import { NONE } from './verdict-chip.tsx';

type Day = { day: string; counts: CoverageCounts };

type Props = {
  days: Day[];
  formatDay: (day: string) => string;
};

/**
 * The per-day on-time share as a line chart, in SVG without a chart library. The chart is one image
 * with a summary for screen readers (first, last, lowest and highest day); the same figures are a
 * table just below it (open by default when printed, closable on screen). A day with nothing judged
 * leaves a gap in the line.
 */
export function CoverageTrend({ days, formatDay }: Props) {
  const { t } = useTranslation();
  const percent = (c: CoverageCounts) => (c.on_time_percent === null ? NONE : `${c.on_time_percent} %`);
  // Coordinates in percent of the plot: the SVG stretches to any width, labels are HTML.
  const x = (i: number) => (days.length <= 1 ? 50 : (i * 100) / (days.length - 1));
  const y = (p: number) => 100 - p;
  // Runs of judged days: each run is one line.
  const runs: { i: number; p: number }[][] = [];
  let run: { i: number; p: number }[] = [];
  days.forEach((d, i) => {
    const p = d.counts.on_time_percent;
    if (p === null) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push({ i, p });
  });
  if (run.length) runs.push(run);
  const judged = days.filter((d) => d.counts.on_time_percent !== null);
  const byPercent = [...judged].sort(
    (a, b) => (a.counts.on_time_percent ?? 0) - (b.counts.on_time_percent ?? 0),
  );
  const summary =
    judged.length === 0
      ? t('coverage.trend.empty')
      : t('coverage.trend.summary', {
          first: formatDay(judged[0].day),
          firstPercent: percent(judged[0].counts),
          last: formatDay(judged[judged.length - 1].day),
          lastPercent: percent(judged[judged.length - 1].counts),
          low: formatDay(byPercent[0].day),
          lowPercent: percent(byPercent[0].counts),
          high: formatDay(byPercent[byPercent.length - 1].day),
          highPercent: percent(byPercent[byPercent.length - 1].counts),
        });
  // At most about eight date labels along the axis.
  const step = Math.max(1, Math.ceil(days.length / 6));
  return (
    <figure className="coverage-trend">
      <div className="coverage-trend__plot">
        <svg
          className="coverage-trend__chart"
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          role="img"
          aria-labelledby="coverage-trend-title coverage-trend-summary"
        >
          <title id="coverage-trend-title">{t('coverage.trend.title')}</title>
          <desc id="coverage-trend-summary">{summary}</desc>
          {[0, 25, 50, 75, 100].map((p) => (
            <line key={p} className="coverage-trend__grid" x1={0} x2={100} y1={y(p)} y2={y(p)} />
          ))}
          {runs.map((r) => (
            <polyline
              key={r[0].i}
              className="coverage-trend__line"
              points={(r.length === 1 ? [r[0], r[0]] : r).map((pt) => `${x(pt.i)},${y(pt.p)}`).join(' ')}
            />
          ))}
        </svg>
        <div className="coverage-trend__y" aria-hidden="true">
          {[0, 50, 100].map((p) => (
            <span key={p} style={{ top: `${y(p)}%` }}>
              {p} %
            </span>
          ))}
        </div>
      </div>
      <div className="coverage-trend__x" aria-hidden="true">
        {days.map((d, i) =>
          i % step === 0 || (i === days.length - 1 && i % step > step / 2) ? (
            <span
              key={d.day}
              style={{
                left: `${x(i)}%`,
                // The ends stay inside the plot: the first label starts at its day, the last ends there.
                transform: `translateX(${days.length > 1 && i === 0 ? 0 : i === days.length - 1 && i > 0 ? -100 : -50}%)`,
              }}
            >
              {d.day.slice(5).replace('-', '/')}
            </span>
          ) : null,
        )}
      </div>
      <figcaption className="coverage-trend__caption" aria-hidden="true">
        {summary}
      </figcaption>
      <details className="coverage-trend__table">
        <summary>{t('coverage.trend.asTable')}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('coverage.columns.day')}</th>
              <th scope="col">{t('coverage.columns.windows')}</th>
              <th scope="col">{t('coverage.columns.percent')}</th>
              <th scope="col">{t('coverage.columns.late')}</th>
              <th scope="col">{t('coverage.columns.missed')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatDay(d.day)}</th>
                <td>{d.counts.windows}</td>
                <td>{percent(d.counts)}</td>
                <td>{d.counts.late}</td>
                <td>{d.counts.missed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
