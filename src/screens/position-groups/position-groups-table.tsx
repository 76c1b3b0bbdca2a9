import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { PositionGroup } from '../../api/gen/model';
import { createdColumn, editDeleteColumn, statusColumn } from '../../components/table/columns.tsx';
import { useTableDefaults } from '../../components/table/use-table-defaults.tsx';

type Props = {
  groups: PositionGroup[];
  loading: boolean;
  /** Omitted when the viewer may not edit (a manager only reads). */
  onEdit?: (group: PositionGroup) => void;
  onDelete?: (group: PositionGroup) => void;
};

/** Spec §2 Position groups: name, code chip, description, "count (active count)", created, status. */
export function PositionGroupsTable({ groups, loading, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <DataTable value={groups} sortField="group_name" sortOrder={1} {...useTableDefaults({ loading })}>
      <Column field="group_name" header={t('positionGroups.columns.name')} sortable />
      <Column
        field="group_code"
        header={t('positionGroups.columns.code')}
        sortable
        body={(group: PositionGroup) => <Tag value={group.group_code} className="code-chip" />}
      />
      <Column
        field="description"
        header={t('positionGroups.columns.description')}
        bodyClassName="position-groups__description"
      />
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
      {editDeleteColumn<PositionGroup>(t('common.actions'), (group) => group.group_name, {
        onEdit,
        onDelete,
      })}
    </DataTable>
  );
}
