import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getCoverageReport,
  getGetCoveragePositionsStateQueryKey,
  useGetCoverageReport,
} from '../../api/gen/coverage/coverage.ts';
import type { CoverageCounts, CoverageReport, GetCoveragePositionsState200 } from '../../api/gen/model';
import { useListPositionGroups } from '../../api/gen/position-groups/position-groups.ts';
import { DayField } from '../../components/common/day-field.tsx';
import { downloadCsv } from '../../components/common/download.ts';
import { LoadFailedAlert } from '../../components/common/load-failed-alert.tsx';
import { PageHeader } from '../../components/common/page-header.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useScreenSearch } from '../../components/routing/use-screen-search.ts';
import { useTableDefaults } from '../../components/table/use-table-defaults.tsx';
import { periodOf, validateCoverageSearch } from './coverage-search.ts';
import { CoverageTrend } from './coverage-trend.tsx';
import { CoverageWindows } from './coverage-windows.tsx';
import { CoverageMapView, FloorPlansView, ViewSwitch } from './map/view-switch.tsx';
import { ShareLinks } from './share-links.tsx';
import { NONE } from './verdict-chip.tsx';
import './coverage.css';

type Counted = { counts: CoverageCounts };

/**
 * The coverage report: on-time share, late and missed counts for a period, per day, the worst positions
 * first (drill down to a position's windows and excuse a miss), workers; CSV and a printable page.
 */
export function CoverageScreen() {
  const { t } = useTranslation();
  const notify = useNotify();
  const site = useSiteSettings();
  const [search, setSearch] = useScreenSearch(validateCoverageSearch);
  const { from, to } = periodOf(search, site.timezone);
  const params = { from, to, position_group_id: search.group, user_id: search.user };
  // The JSON report (CSV is asked for by the download only).
  const report = useGetCoverageReport(params, { query: { select: (b) => b as CoverageReport } });
  const groups = useListPositionGroups({ query: { select: (b) => b.position_groups } });
  const [downloading, setDownloading] = useState(false);
  const data = report.data;
  const totals = data?.totals;
  const percent = (c: CoverageCounts | undefined) =>
    c?.on_time_percent === null || c?.on_time_percent === undefined ? NONE : `${c.on_time_percent} %`;
  const queryClient = useQueryClient();
  const drilled =
    search.position !== undefined
      ? data?.positions.find((p) => p.position_id === search.position)
      : undefined;
  // A position picked on the map may have no judged window in the period: its name is in the map's answer.
  const mapped =
    search.position !== undefined && !drilled
      ? queryClient
          .getQueryData<GetCoveragePositionsState200>(getGetCoveragePositionsStateQueryKey())
          ?.positions.find((p) => p.id === search.position)
      : undefined;
  const positionsTable = useTableDefaults({ loading: report.isPending, empty: t('coverage.noWindows') });
  const workersTable = useTableDefaults({ loading: report.isPending, empty: t('coverage.noWindows') });

  const csv = async () => {
    setDownloading(true);
    try {
      const text = await getCoverageReport({ ...params, format: 'csv' }, { responseType: 'text' });
      downloadCsv(text as unknown as string, `coverage-${from}-${to}.csv`);
    } catch {
      notify.error(t('errors.loadFailed'));
    } finally {
      setDownloading(false);
    }
  };
  const countColumns = [
    <Column key="windows" header={t('coverage.columns.windows')} body={(r: Counted) => r.counts.windows} />,
    <Column key="on_time" header={t('coverage.columns.onTime')} body={(r: Counted) => r.counts.on_time} />,
    <Column key="late" header={t('coverage.columns.late')} body={(r: Counted) => r.counts.late} />,
    <Column key="missed" header={t('coverage.columns.missed')} body={(r: Counted) => r.counts.missed} />,
    <Column key="excused" header={t('coverage.columns.excused')} body={(r: Counted) => r.counts.excused} />,
    <Column key="percent" header={t('coverage.columns.percent')} body={(r: Counted) => percent(r.counts)} />,
  ];

  return (
    <section className="page coverage">
      <PageHeader
        title={t('coverage.title')}
        subtitle={t('coverage.subtitle')}
        actions={
          <>
            <Button
              type="button"
              outlined
              icon="pi pi-download"
              label={t('coverage.csv')}
              loading={downloading}
              onClick={csv}
            />
            <Button
              type="button"
              outlined
              icon="pi pi-print"
              label={t('coverage.print')}
              onClick={() => window.print()}
            />
          </>
        }
      />
      <ViewSwitch
        value={search.view ?? 'report'}
        onChange={(v) => setSearch({ view: v === 'report' ? undefined : v, position: undefined })}
      />
      <LoadFailedAlert show={report.isError} />
      <div className="card coverage__filters">
        <div className="coverage__field">
          <label htmlFor="coverage-from">{t('coverage.filters.from')}</label>
          <DayField
            id="coverage-from"
            value={from}
            onChange={(day) => setSearch({ from: day }, { replace: true })}
          />
        </div>
        <div className="coverage__field">
          <label htmlFor="coverage-to">{t('coverage.filters.to')}</label>
          <DayField
            id="coverage-to"
            value={to}
            onChange={(day) => setSearch({ to: day }, { replace: true })}
          />
        </div>
        <div className="coverage__field">
          <label htmlFor="coverage-group">{t('coverage.filters.group')}</label>
          <Dropdown
            inputId="coverage-group"
            value={search.group ?? null}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.group_name }))}
            onChange={(e) =>
              setSearch({ group: e.value ?? undefined, position: undefined }, { replace: true })
            }
            placeholder={t('coverage.filters.allGroups')}
            showClear
            pt={dropdownPt(t('coverage.filters.group'))}
          />
        </div>
      </div>
      <Suspense fallback={<p>{t('coverageMap.loading')}</p>}>
        {search.view === 'map' ? (
          <CoverageMapView selectedId={search.position} onSelect={(id) => setSearch({ position: id })} />
        ) : null}
        {search.view === 'plans' ? (
          <FloorPlansView
            planId={search.plan}
            onPlan={(id) => setSearch({ plan: id }, { replace: true })}
            selectedId={search.position}
            onSelect={(id) => setSearch({ position: id })}
          />
        ) : null}
      </Suspense>
      <div className="coverage__cards" hidden={search.view !== undefined}>
        <Stat label={t('coverage.cards.percent')} value={percent(totals)} strong />
        <Stat label={t('coverage.cards.onTime')} value={totals?.on_time} />
        <Stat label={t('coverage.cards.late')} value={totals?.late} />
        <Stat label={t('coverage.cards.missed')} value={totals?.missed} />
        <Stat label={t('coverage.cards.excused')} value={totals?.excused} />
      </div>
      <div className="card" hidden={search.view !== undefined}>
        <h2 className="coverage__heading">{t('coverage.perDay')}</h2>
        {data && data.days.length === 0 ? <p>{t('coverage.noWindows')}</p> : null}
        {data && data.days.length > 0 ? (
          <CoverageTrend days={data.days} formatDay={(d) => site.formatDate(`${d}T12:00:00Z`)} />
        ) : null}
      </div>
      {search.position !== undefined ? (
        <div className="card">
          <div className="coverage__drill">
            <h2 className="coverage__heading">
              {t('coverage.windowsOf', {
                name: drilled
                  ? `${drilled.position_code} – ${drilled.position_name}`
                  : mapped
                    ? `${mapped.code} – ${mapped.name}`
                    : '',
              })}
            </h2>
            <Button
              type="button"
              link
              icon="pi pi-arrow-left"
              label={t('coverage.back')}
              className="coverage__no-print"
              onClick={() => setSearch({ position: undefined })}
            />
          </div>
          <CoverageWindows
            from={from}
            to={to}
            positionId={search.position}
            userId={search.user}
            formatDateTime={site.formatDateTime}
          />
        </div>
      ) : search.view ? null : (
        <>
          <div className="card">
            <h2 className="coverage__heading">{t('coverage.worstFirst')}</h2>
            <DataTable value={data?.positions ?? []} {...positionsTable}>
              <Column
                header={t('coverage.columns.position')}
                body={(p: { position_id: number; position_code: string; position_name: string }) => (
                  <Button
                    type="button"
                    link
                    className="coverage__position-link"
                    label={`${p.position_code} – ${p.position_name}`}
                    onClick={() => setSearch({ position: p.position_id })}
                  />
                )}
              />
              {countColumns}
            </DataTable>
          </div>
          <div className="card">
            <h2 className="coverage__heading">{t('coverage.workers')}</h2>
            <DataTable value={data?.workers ?? []} {...workersTable}>
              <Column field="worker_name" header={t('coverage.columns.worker')} />
              {countColumns}
            </DataTable>
          </div>
        </>
      )}
      {search.view === undefined ? (
        <ShareLinks
          from={from}
          to={to}
          groupId={search.group}
          groupName={groups.data?.find((g) => g.id === search.group)?.group_name}
        />
      ) : null}
    </section>
  );
}

function Stat({
  label,
  value,
  strong,
}: {
  label: string;
  value: string | number | undefined;
  strong?: boolean;
}) {
  return (
    <div className={`card coverage__stat${strong ? ' coverage__stat--strong' : ''}`}>
      <span className="coverage__stat-label">{label}</span>
      <span className="coverage__stat-value">{value ?? '…'}</span>
    </div>
  );
}
