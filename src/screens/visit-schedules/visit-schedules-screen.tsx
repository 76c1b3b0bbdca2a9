import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import type { VisitSchedule } from '../../api/gen/model';
import {
  getListVisitSchedulesQueryKey,
  useDeleteVisitSchedule,
  useListVisitSchedules,
} from '../../api/gen/visit-schedules/visit-schedules.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { ListPage } from '../../components/common/list-page.tsx';
import { useEditDialog } from '../../components/common/use-edit-dialog.ts';
import { useConfirmedDelete } from '../../components/notify/use-confirmed-delete.ts';
import { useScreenSearch } from '../../components/routing/use-screen-search.ts';
import { editDeleteColumn, statusColumn } from '../../components/table/columns.tsx';
import { useTableDefaults } from '../../components/table/use-table-defaults.tsx';
import type { WEEKDAYS } from '../../domain/coverage.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { VisitScheduleFormDialog } from './visit-schedule-form-dialog.tsx';
import { validateVisitSchedulesSearch } from './visit-schedules-search.ts';

type Weekday = (typeof WEEKDAYS)[number];

/** The site's visit schedules, or one position's or group's; add, edit, delete. */
export function VisitSchedulesScreen() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [search, setSearch] = useScreenSearch(validateVisitSchedulesSearch);
  const list = useListVisitSchedules(
    { position_id: search.position_id, position_group_id: search.position_group_id },
    { query: { select: (b) => b.visit_schedules } },
  );
  const dialog = useEditDialog<VisitSchedule>();
  const remove = useInvalidatingMutation(useDeleteVisitSchedule, [getListVisitSchedulesQueryKey()]);
  const askDelete = useConfirmedDelete<VisitSchedule>({
    confirm: (s) => ({
      header: t('visitSchedules.confirmDelete.header'),
      message: t('visitSchedules.confirmDelete.message', { name: s.schedule_name }),
    }),
    remove: (s) => remove.mutateAsync({ id: s.id }),
  });
  const mayChange = can('positions.update');
  const defaults = useTableDefaults({ loading: list.isPending, empty: t('visitSchedules.empty') });
  const rows = list.data ?? [];
  const filtered = search.position_id !== undefined || search.position_group_id !== undefined;
  const days = (s: VisitSchedule) =>
    s.days.length === 7
      ? t('visitSchedules.everyDay')
      : s.days.map((d) => t(`visitSchedules.weekdays.d${d as Weekday}`)).join(' ');
  const frequency = (s: VisitSchedule) =>
    s.frequency_kind === 'by'
      ? t('visitSchedules.frequency.by', { time: s.due_time ?? '' })
      : t(`visitSchedules.frequency.${s.frequency_kind}`, { n: s.frequency_value ?? 1 });

  return (
    <ListPage
      title={t('visitSchedules.title')}
      subtitle={t('visitSchedules.subtitle')}
      add={mayChange ? { label: t('visitSchedules.add'), onClick: () => dialog.open(null) } : undefined}
      loadFailed={list.isError}
      after={
        <VisitScheduleFormDialog
          schedule={dialog.row}
          target={{ positionId: search.position_id, positionGroupId: search.position_group_id }}
          {...dialog.dialogProps}
        />
      }
    >
      {filtered && (
        <div className="visit-schedules__filter">
          <Button
            type="button"
            link
            icon="pi pi-times"
            label={t('visitSchedules.showAll')}
            onClick={() => setSearch({ position_id: undefined, position_group_id: undefined })}
          />
        </div>
      )}
      <DataTable value={rows} sortField="schedule_name" sortOrder={1} {...defaults}>
        <Column field="schedule_name" header={t('visitSchedules.columns.name')} sortable />
        <Column
          field="target_code"
          header={t('visitSchedules.columns.target')}
          body={(s: VisitSchedule) => `${s.target_code} – ${s.target_name}`}
          sortable
        />
        <Column header={t('visitSchedules.columns.days')} body={days} />
        <Column
          header={t('visitSchedules.columns.window')}
          body={(s: VisitSchedule) => `${s.window_start}–${s.window_end}`}
        />
        <Column header={t('visitSchedules.columns.frequency')} body={frequency} />
        <Column
          header={t('visitSchedules.columns.tolerance')}
          body={(s: VisitSchedule) => t('visitSchedules.minutes', { n: s.tolerance_minutes })}
        />
        {statusColumn<VisitSchedule>(t('visitSchedules.columns.status'))}
        {editDeleteColumn<VisitSchedule>(t('common.actions'), (s) => s.schedule_name, {
          onEdit: mayChange ? dialog.open : undefined,
          onDelete: mayChange ? askDelete : undefined,
        })}
      </DataTable>
    </ListPage>
  );
}
