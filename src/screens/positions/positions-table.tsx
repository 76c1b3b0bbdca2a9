import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPositionsSort, type Position } from '../../api/gen/model';
import { SchedulesLink } from '../../components/common/schedules-link.tsx';
import { TagId } from '../../components/common/tag-id.tsx';
import { anyFilled, createdColumn, editDeleteColumn, statusColumn } from '../../components/table/columns.tsx';
import { type LazyPage, lazyTableProps } from '../../components/table/use-lazy-table.ts';
import { useTableDefaults } from '../../components/table/use-table-defaults.tsx';
import type { PositionSortField } from './use-positions-api.ts';
import { WriteTagButton } from './write-tag-button.tsx';

export type TablePage = LazyPage<PositionSortField>;

type Props = {
  positions: Position[];
  total: number;
  loading: boolean;
  page: TablePage;
  onPage: (page: TablePage) => void;
  /** Ids of the rows picked for the tag sheet (kept across pages). */
  selected: ReadonlySet<number>;
  onSelect: (rows: Position[], selected: boolean) => void;
  onEdit?: (position: Position) => void;
  onDelete?: (position: Position) => void;
};

const text = (value: string | null) => value ?? '';
type Row = Position & { selected: boolean };

/**
 * The positions table: code, name, description, location, NFC tag id, created and status, sorted by
 * code. Paging and sorting happen on the server (lazy), one page at a time.
 */
export function PositionsTable(props: Props) {
  const { positions, total, loading, page, onPage, selected, onSelect, onEdit, onDelete } = props;
  const { t } = useTranslation();
  const allOnPage = positions.length > 0 && positions.every((p) => selected.has(p.id));
  // DataTable memoises its rows by their data: a row re-renders (and its checkbox shows the
  // change) only when its object is new, so the selection rides on the rows.
  const rows = useMemo(
    () => positions.map((p) => ({ ...p, selected: selected.has(p.id) })),
    [positions, selected],
  );

  // Native checkboxes: one accessible name each ("Select B-12"), where PrimeReact's Checkbox
  // repeats its aria-label on a wrapper.
  const selectHeader = (
    <input
      type="checkbox"
      className="positions-check"
      checked={allOnPage}
      onChange={(e) => onSelect(positions, e.target.checked)}
      aria-label={t('positions.selectPage')}
      disabled={positions.length === 0}
    />
  );
  const selectBody = (position: Row) => (
    <input
      type="checkbox"
      className="positions-check"
      checked={position.selected}
      onChange={(e) => onSelect([position], e.target.checked)}
      aria-label={t('positions.selectRow', { code: position.position_code })}
    />
  );

  return (
    <DataTable
      value={rows}
      {...useTableDefaults({ loading })}
      {...lazyTableProps(page, onPage, total, ListPositionsSort, 'position_code')}
      rowClassName={(p: Position) => (p.is_active ? '' : 'positions-row--inactive')}
    >
      <Column
        header={selectHeader}
        body={selectBody}
        headerClassName="col-select"
        bodyClassName="col-select"
      />
      <Column
        field="position_code"
        header={t('positions.columns.code')}
        sortable
        body={(p: Position) => <span className="position-code">{p.position_code}</span>}
      />
      <Column field="position_name" header={t('positions.columns.name')} sortable />
      {anyFilled(positions, 'description') ? (
        <Column
          field="description"
          header={t('positions.columns.description')}
          sortable
          body={(p: Position) => <span className="positions-clamp">{text(p.description)}</span>}
        />
      ) : null}
      <Column
        field="location_details"
        header={t('positions.columns.location')}
        sortable
        body={(p: Position) => <span className="positions-clamp">{text(p.location_details)}</span>}
      />
      <Column
        field="nfc_tag_id"
        header={t('positions.columns.nfc')}
        sortable
        body={(p: Position) =>
          p.nfc_tag_id ? (
            <span className="position-nfc-cell">
              <TagId value={p.nfc_tag_id} className="position-nfc" />
              <WriteTagButton position={p} />
            </span>
          ) : null
        }
      />
      {createdColumn<Position>(t('positions.columns.created'))}
      {statusColumn<Position>(t('positions.columns.status'))}
      <Column
        header={t('visitSchedules.action')}
        body={(p: Position) => <SchedulesLink name={p.position_code} search={{ position_id: p.id }} />}
      />
      {editDeleteColumn<Position>(t('common.actions'), (p) => p.position_code, { onEdit, onDelete })}
    </DataTable>
  );
}
