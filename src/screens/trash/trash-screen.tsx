/**
 * The Trash: what was deleted on the site in the last 30 days, by whom and when, of the kinds the
 * viewer may delete; Restore brings a record back with what went with it (a conflict asks for a new
 * code or tag), and an admin may delete an item forever.
 */
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import type { TrashItem } from '../../api/gen/model';
import { deleteTrashItem, restoreTrashItem, useListTrash } from '../../api/gen/trash/trash.ts';
import { EmptyState } from '../../components/common/empty-state.tsx';
import { FilterBar } from '../../components/common/filter-bar.tsx';
import { LoadFailedAlert } from '../../components/common/load-failed-alert.tsx';
import { PageHeader } from '../../components/common/page-header.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import { useSiteSettings } from '../../components/common/use-site-settings.ts';
import { useNotify } from '../../components/notify/notify-context.ts';
import { useScreenSearch } from '../../components/routing/use-screen-search.ts';
import { TableSkeleton } from '../../components/table/table-skeleton.tsx';
import { useStackedRows } from '../../components/table/use-table-defaults.tsx';
import { canPurgeTrash, TRASH_PAGE_DEFAULT, trashTypesFor } from '../../domain/trash.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { RESTORE_FIELDS, type RestoreConflict, RestoreDialog, type RestoreField } from './restore-dialog.tsx';
import { validateTrashSearch } from './trash-search.ts';
import './trash.css';

const ROWS = TRASH_PAGE_DEFAULT;

export function TrashScreen() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { grant } = usePermissions();
  const { formatDateTime, formatDate } = useSiteSettings();
  const stacked = useStackedRows();
  const id = useId();
  const [search, setSearch] = useScreenSearch(validateTrashSearch);
  const page = (search.page ?? 1) - 1;
  const list = useListTrash(
    { entity_type: search.entity_type, limit: ROWS, offset: page * ROWS },
    { query: { placeholderData: keepPreviousData, staleTime: 0 } },
  );
  const [conflict, setConflict] = useState<RestoreConflict | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const purge = canPurgeTrash(grant);
  const typeOptions = useMemo(
    () => trashTypesFor(grant).map((type) => ({ value: type, label: t(`trash.types.${type}`) })),
    [grant, t],
  );

  /** Restores (with a new value after a conflict); a conflict on a field it can change opens the dialog. */
  const restore = async (item: TrashItem, patch: Partial<Record<RestoreField, string>> = {}) => {
    setBusy(item.id);
    try {
      const result = await restoreTrashItem(item.id, patch);
      setConflict(null);
      await queryClient.invalidateQueries();
      notify.success(
        result.skipped > 0
          ? t('trash.restoredPartly', { count: result.skipped })
          : t('trash.restored', { label: item.label }),
      );
    } catch (err) {
      const detail = isApiError(err) && err.status === 409 ? err.details[0] : undefined;
      const field = RESTORE_FIELDS.find((f) => f === detail?.field);
      if (field) {
        setConflict({
          item,
          field,
          error: conflict ? t('trash.conflict.taken', { field: t(`trash.fields.${field}`) }) : undefined,
        });
      } else if (detail?.rule === 'exists') {
        setConflict(null);
        notify.error(t('trash.gone', { label: item.label }));
      } else if (isApiError(err) && err.status === 409) {
        setConflict(null);
        notify.error(t('trash.refused', { label: item.label, reason: detail?.message ?? err.message }));
      } else {
        notify.error(t('errors.restoreFailed'));
      }
    } finally {
      setBusy(null);
    }
  };

  const askPurge = (item: TrashItem) =>
    notify.confirm({
      header: t('trash.purge.header'),
      message: t('trash.purge.message', { label: item.label }),
      acceptLabel: t('trash.purge.accept'),
      danger: true,
      onAccept: async () => {
        try {
          await deleteTrashItem(item.id);
          await queryClient.invalidateQueries({ queryKey: ['/trash'] });
          notify.success(t('trash.purge.done'));
        } catch {
          notify.error(t('errors.deleteFailed'));
        }
      },
    });

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  return (
    <section className="page">
      <PageHeader title={t('trash.title')} subtitle={t('trash.subtitle')} />
      <LoadFailedAlert show={list.isError} />
      <div className="card">
        <FilterBar active={search.entity_type ? 1 : 0}>
          <fieldset className="list-filters">
            <legend className="sr-only">{t('trash.filters.label')}</legend>
            <div className="filter-field">
              <label htmlFor={`${id}-type`}>{t('trash.filters.type')}</label>
              <Dropdown
                inputId={`${id}-type`}
                value={search.entity_type ?? null}
                options={typeOptions}
                onChange={(e) => setSearch({ entity_type: e.value ?? undefined, page: undefined })}
                placeholder={t('trash.filters.anyType')}
                showClear
                className="filter-field__input"
                pt={dropdownPt(t('trash.filters.type'))}
              />
            </div>
          </fieldset>
        </FilterBar>
        <DataTable
          value={items}
          dataKey="id"
          lazy
          loading={list.isFetching}
          {...stacked}
          paginator={total > ROWS}
          first={page * ROWS}
          rows={ROWS}
          totalRecords={total}
          onPage={(e: DataTablePageEvent) => setSearch({ page: Math.round(e.first / e.rows) + 1 })}
          emptyMessage={
            list.isFetching ? (
              <TableSkeleton />
            ) : (
              <EmptyState message={search.entity_type ? t('trash.emptyFiltered') : t('trash.empty')} />
            )
          }
          stripedRows
          className="data-table trash-table"
        >
          <Column
            header={t('trash.columns.item')}
            body={(item: TrashItem) => (
              <span className="trash-item">
                <span className="trash-item__type">{t(`trash.types.${item.entity_type}`)}</span>
                <span className="trash-item__label">{item.label}</span>
              </span>
            )}
          />
          <Column header={t('trash.columns.deletedBy')} body={(item: TrashItem) => item.deleted_by_name} />
          <Column
            header={t('trash.columns.deletedAt')}
            body={(item: TrashItem) => formatDateTime(item.deleted_at)}
          />
          <Column
            header={t('trash.columns.purgeAfter')}
            body={(item: TrashItem) => formatDate(item.purge_after)}
          />
          <Column
            header={t('common.actions')}
            body={(item: TrashItem) => (
              <span className="trash-actions">
                <Button
                  type="button"
                  label={t('trash.restore')}
                  icon="pi pi-undo"
                  size="small"
                  outlined
                  aria-label={t('trash.restoreNamed', { label: item.label })}
                  loading={busy === item.id}
                  disabled={busy !== null}
                  onClick={() => void restore(item)}
                />
                {purge ? (
                  <Button
                    type="button"
                    label={t('trash.purge.button')}
                    icon="pi pi-trash"
                    size="small"
                    severity="danger"
                    text
                    aria-label={t('trash.purge.named', { label: item.label })}
                    disabled={busy !== null}
                    onClick={() => askPurge(item)}
                  />
                ) : null}
              </span>
            )}
          />
        </DataTable>
      </div>
      <RestoreDialog
        key={conflict ? `${conflict.item.id}-${conflict.field}` : 'closed'}
        conflict={conflict}
        saving={busy !== null}
        onHide={() => setConflict(null)}
        onRestore={(item, field, value) => void restore(item, { [field]: value })}
      />
    </section>
  );
}
