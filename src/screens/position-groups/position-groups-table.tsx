import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { PositionGroup } from '../../api/gen/model';
import { SchedulesLink } from '../../components/common/schedules-link.tsx';
import { anyFilled, createdColumn, editDeleteColumn, statusColumn } from '../../components/table/columns.tsx';
import { useShownRow } from '../../components/table/use-shown-row.ts';
import { useTableDefaults } from '../../components/table/use-table-defaults.tsx';

type Props = {
  groups: PositionGroup[];
  loading: boolean;
  /** Omitted when the viewer may not edit (a manager only reads). */
  onEdit?: (group: PositionGroup) => void;
  onDelete?: (group: PositionGroup) => void;
  /** The group just added: its page is shown and the row marked. */
  createdId?: number | null;
  /** The empty state's text when a search leaves nothing. */
  empty?: string;
};

/**
 * The position groups table: name, code chip, description (left out when no group has one),
 * "count (active count)", created, status.
 */
export function PositionGroupsTable({ groups, loading, onEdit, onDelete, createdId, empty }: Props) {
  const { t } = useTranslation();
  const shown = useShownRow(groups, createdId);
  const defaults = useTableDefaults({ loading, empty });
  return (
    <DataTable value={groups} sortField="group_name" sortOrder={1} {...defaults} {...shown}>
      <Column field="group_name" header={t('positionGroups.columns.name')} sortable />
      <Column
        field="group_code"
        header={t('positionGroups.columns.code')}
        sortable
        body={(group: PositionGroup) => <Tag value={group.group_code} className="code-chip" />}
      />
      {anyFilled(groups, 'description') ? (
        <Column
          field="description"
          header={t('positionGroups.columns.description')}
          bodyClassName="position-groups__description"
        />
      ) : null}
      <Column
        field="position_count"
        header={t('positionGroups.columns.positions')}
        sortable
        body={(group: PositionGroup) =>
          t('positionGroups.positionCount', {
            count: group.position_count,
            active: group.active_position_count,
          })
        }
      />
      {createdColumn<PositionGroup>(t('positionGroups.columns.created'))}
      {statusColumn<PositionGroup>(t('positionGroups.columns.status'))}
      <Column
        header={t('visitSchedules.action')}
        body={(g: PositionGroup) => (
          <SchedulesLink name={g.group_name} search={{ position_group_id: g.id }} />
        )}
      />
      {editDeleteColumn<PositionGroup>(t('common.actions'), (group) => group.group_name, {
        onEdit,
        onDelete,
      })}
    </DataTable>
  );
}
