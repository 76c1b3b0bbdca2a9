import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListCoverageWindows } from '../../api/gen/coverage/coverage.ts';
import type { CoverageWindow } from '../../api/gen/model';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useTableDefaults } from '../../components/table/use-table-defaults.tsx';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { ExcuseDialog } from './excuse-dialog.tsx';
import { NONE, VerdictChip } from './verdict-chip.tsx';

type Props = {
  from: string;
  to: string;
  positionId: number;
  userId?: number;
  /** Formats an instant as the site's date and time. */
  formatDateTime: (value: string) => string;
};

/** One position's judged windows, newest first, with their visits and excuses (the report's drill-down). */
export function CoverageWindows({ from, to, positionId, userId, formatDateTime }: Props) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const notify = useNotify();
  const [excusing, setExcusing] = useState<number | null>(null);
  const list = useListCoverageWindows({ from, to, position_id: positionId, user_id: userId, page_size: 200 });
  const defaults = useTableDefaults({ loading: list.isPending, empty: t('coverage.noWindows') });
  const mayExcuse = can('work_entries.update');
  const time = (w: CoverageWindow) =>
    `${formatDateTime(w.window_start)}–${formatDateTime(w.window_end).slice(-5)}`;
  return (
    <>
      <DataTable value={list.data?.windows ?? []} {...defaults} className="coverage__windows">
        <Column header={t('coverage.columns.window')} body={time} />
        <Column field="schedule_name" header={t('coverage.columns.schedule')} />
        <Column
          header={t('coverage.columns.verdict')}
          body={(w: CoverageWindow) => <VerdictChip verdict={w.verdict} />}
        />
        <Column
          header={t('coverage.columns.entries')}
          body={(w: CoverageWindow) =>
            w.entries.map((e) => `${e.worker_name} ${formatDateTime(e.started_at).slice(-5)}`).join(', ') ||
            NONE
          }
        />
        <Column
          header={t('coverage.columns.reason')}
          body={(w: CoverageWindow) =>
            w.excuse_reason
              ? t('coverage.excusedBy', { reason: w.excuse_reason, name: w.excused_by_name ?? '' })
              : ''
          }
        />
        <Column
          header={t('coverage.columns.workerReason')}
          body={(w: CoverageWindow) =>
            w.worker_reason
              ? t('coverage.excusedBy', { reason: w.worker_reason, name: w.worker_reason_by_name ?? '' })
              : ''
          }
        />
        {mayExcuse ? (
          <Column
            header={t('common.actions')}
            className="coverage__no-print"
            body={(w: CoverageWindow) =>
              w.verdict === 'missed' || w.verdict === 'late' ? (
                <Button
                  type="button"
                  size="small"
                  outlined
                  label={t('coverage.excuse')}
                  aria-label={t('coverage.excuseOf', { window: time(w) })}
                  onClick={() => setExcusing(w.id)}
                />
              ) : null
            }
          />
        ) : null}
      </DataTable>
      <ExcuseDialog
        windowId={excusing}
        onHide={() => setExcusing(null)}
        onExcused={() => {
          setExcusing(null);
          notify.success(t('common.saved'));
        }}
      />
    </>
  );
}
