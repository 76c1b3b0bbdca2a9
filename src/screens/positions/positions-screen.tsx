import { Button } from 'primereact/button';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPositionsSort, type Position } from '../../api/gen/model';
import { useDeletePosition } from '../../api/gen/positions/positions.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { ListPage } from '../../components/common/list-page.tsx';
import { useRecordScreen } from '../../components/common/use-record-screen.ts';
import { useScreenSearch } from '../../components/routing/use-screen-search.ts';
import { useLazyTable } from '../../components/table/use-lazy-table.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { PositionFormDialog } from './position-form-dialog.tsx';
import { validatePositionsSearch } from './positions-search.ts';
import { PositionsTable } from './positions-table.tsx';
import { PositionsToolbar } from './positions-toolbar.tsx';
import { positionsListKey, usePositionsPage } from './use-positions-api.ts';
import { useTagSelection } from './use-tag-selection.ts';
import './positions.css';

// The tag sheet brings the QR library: loaded only when a sheet is opened.
const TagSheetDialog = lazy(() => import('./tag-sheet-dialog.tsx'));

/**
 * Positions: the site's positions (search and the inactive switch in the URL), add and
 * edit in a dialog, delete after a confirmation (or deactivate, when the position has history);
 * plus the CSV import and the printable tag sheet.
 */
export function PositionsScreen() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [search, setSearch] = useScreenSearch(validatePositionsSearch);
  const table = useLazyTable(ListPositionsSort, 'position_code');
  const { restart } = table;
  const [importing, setImporting] = useState(false);
  const [printing, setPrinting] = useState(false);
  const selection = useTagSelection();

  const list = usePositionsPage({
    include_inactive: search.inactive,
    search: search.q,
    ...table.query,
  });
  const deletePosition = useInvalidatingMutation(useDeletePosition, [positionsListKey]);
  const screen = useRecordScreen<Position>({
    area: 'positions',
    confirmDelete: (p) => ({
      header: t('positions.confirmDelete.header'),
      message: t('positions.confirmDelete.message', { name: `${p.position_code} ${p.position_name}` }),
    }),
    remove: (p) => deletePosition.mutateAsync({ id: p.id }),
    deactivated: (p) => t('positions.deactivated', { name: p.position_code }),
  });

  // A new filter starts again from the first page.
  const onSearch = useCallback(
    (q: string) => {
      restart();
      setSearch({ q: q || undefined }, { replace: true });
    },
    [restart, setSearch],
  );
  const onShowInactive = (show: boolean) => {
    restart();
    setSearch({ inactive: show || undefined });
  };

  return (
    <ListPage
      title={t('positions.title')}
      subtitle={t('positions.subtitle')}
      actions={
        can('positions.create') ? (
          <Button
            label={t('positions.import.button')}
            icon="pi pi-upload"
            outlined
            onClick={() => setImporting(true)}
          />
        ) : null
      }
      add={screen.addAction(t('positions.add'))}
      loadFailed={list.isError}
      after={
        <>
          <PositionFormDialog position={screen.dialog.row} {...screen.dialog.dialogProps} />
          {can('positions.create') ? (
            <ImportDialog visible={importing} onHide={() => setImporting(false)} />
          ) : null}
          {printing ? (
            <Suspense fallback={null}>
              <TagSheetDialog
                positions={selection.rows}
                visible={printing}
                onHide={() => setPrinting(false)}
              />
            </Suspense>
          ) : null}
        </>
      }
    >
      <PositionsToolbar
        search={search.q ?? ''}
        onSearch={onSearch}
        showInactive={search.inactive ?? false}
        onShowInactive={onShowInactive}
        selectedCount={selection.count}
        onClearSelection={selection.clear}
        onPrintTags={() => setPrinting(true)}
      />
      <PositionsTable
        positions={list.data?.positions ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        page={table.page}
        onPage={table.setPage}
        selected={selection.ids}
        onSelect={selection.toggle}
        onEdit={screen.onEdit}
        onDelete={screen.onDelete}
      />
    </ListPage>
  );
}
