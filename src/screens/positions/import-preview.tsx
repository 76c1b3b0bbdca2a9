import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportPositions200, ImportPositions200RowsItem } from '../../api/gen/model';
import { useTableDefaults } from '../../components/table/use-table-defaults.tsx';
import { reasonsByRow } from './import-reasons.ts';

type Row = ImportPositions200RowsItem;
type Action = Row['action'];

const SEVERITY: Record<Action, 'success' | 'info' | 'secondary' | 'danger'> = {
  create: 'success',
  update: 'info',
  unchanged: 'secondary',
  reject: 'danger',
};

/** The dry run's answer: counts, then every row with what it would do and why a row is refused. */
export function ImportPreview({ preview }: { preview: ImportPositions200 }) {
  const { t } = useTranslation();
  const reasons = useMemo(() => reasonsByRow(t, preview.rejected), [t, preview.rejected]);
  const rejectedRows = preview.rows.filter((r) => r.action === 'reject').length;
  const [onlyRejected, setOnlyRejected] = useState(rejectedRows > 0);
  const rows = onlyRejected ? preview.rows.filter((r) => r.action === 'reject') : preview.rows;
  const counts: [string, number, Action][] = [
    ['create', preview.create, 'create'],
    ['update', preview.update, 'update'],
    ['unchanged', preview.unchanged, 'unchanged'],
    ['rejected', rejectedRows, 'reject'],
  ];
  const filters = [
    { label: t('positions.import.filterAll'), value: false },
    { label: t('positions.import.filterRejected'), value: true },
  ];

  return (
    <div className="import-preview">
      <dl className="import-summary">
        {counts.map(([key, count, action]) => (
          <div key={key} className={`import-summary__item import-summary__item--${action}`}>
            <dt>{t(`positions.import.summary.${key as 'create' | 'update' | 'unchanged' | 'rejected'}`)}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
      {rejectedRows > 0 ? <p className="import-preview__hint">{t('positions.import.rejectedHint')}</p> : null}
      {rejectedRows > 0 ? (
        <SelectButton
          value={onlyRejected}
          options={filters}
          onChange={(e) => setOnlyRejected(Boolean(e.value))}
          allowEmpty={false}
          aria-label={t('positions.import.showOnly')}
        />
      ) : null}
      <DataTable value={rows} {...useTableDefaults()} dataKey="row" size="small">
        <Column field="row" header={t('positions.import.columns.row')} />
        <Column
          field="action"
          header={t('positions.import.columns.action')}
          body={(r: Row) => (
            <Tag value={t(`positions.import.actions.${r.action}`)} severity={SEVERITY[r.action]} />
          )}
        />
        <Column field="position_code" header={t('positions.import.columns.code')} />
        <Column field="position_name" header={t('positions.import.columns.name')} />
        <Column field="nfc_tag_id" header={t('positions.import.columns.nfc')} />
        <Column
          header={t('positions.import.columns.reasons')}
          body={(r: Row) =>
            reasons.has(r.row) ? (
              <ul className="import-reasons">
                {reasons.get(r.row)?.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            ) : null
          }
        />
      </DataTable>
    </div>
  );
}
