/**
 * Column presets for created date, status and row actions. They are functions returning
 * <Column>, not components, because DataTable reads its Column children's props directly:
 *
 *   <DataTable …>{createdColumn(t('positions.columns.created'))}{statusColumn(t('…status'))}</DataTable>
 */
import { Column } from 'primereact/column';
import type { ReactNode } from 'react';
import { StatusTag } from '../common/status-tag.tsx';
import { DateCell, RowActions } from './cells.tsx';

export function createdColumn<T extends { created_at: string }>(header: string) {
  return (
    <Column
      key="created_at"
      field="created_at"
      header={header}
      sortable
      body={(row: T) => <DateCell value={row.created_at} />}
    />
  );
}

export function statusColumn<T extends { is_active: boolean }>(header: string) {
  return (
    <Column
      key="is_active"
      field="is_active"
      header={header}
      sortable
      body={(row: T) => <StatusTag active={row.is_active} />}
    />
  );
}

/** The right-aligned actions column; `body` usually renders <RowActions>. */
export function actionsColumn<T>(header: string, body: (row: T) => ReactNode) {
  return (
    <Column
      key="actions"
      header={header}
      body={body}
      headerClassName="col-actions"
      bodyClassName="col-actions"
    />
  );
}

/**
 * The actions column of a table whose rows have only edit and delete: each button only with its
 * handler, and no column at all when the viewer may do neither. `name` labels the buttons
 * ("Edit A-101") for screen readers.
 */
export function editDeleteColumn<T>(
  header: string,
  name: (row: T) => string,
  { onEdit, onDelete }: { onEdit?: (row: T) => void; onDelete?: (row: T) => void },
) {
  if (!onEdit && !onDelete) return null;
  return actionsColumn<T>(header, (row) => (
    <RowActions
      name={name(row)}
      onEdit={onEdit ? () => onEdit(row) : undefined}
      onDelete={onDelete ? () => onDelete(row) : undefined}
    />
  ));
}

/**
 * Whether any row fills a column only some records have (a description): a table whose rows all
 * leave it empty shows no column of dashes. `{anyFilled(rows, 'description') ? <Column …/> : null}`
 */
export function anyFilled<T>(rows: readonly T[] | undefined, field: keyof T): boolean {
  return (rows ?? []).some((row) => {
    const value = row[field];
    return value !== null && value !== undefined && String(value).trim() !== '';
  });
}
