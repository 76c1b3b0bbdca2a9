import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PositionGroup, PositionGroupDetail } from '../../api/gen/model';
import { useDeletePositionGroup } from '../../api/gen/position-groups/position-groups.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { ListPage } from '../../components/common/list-page.tsx';
import { SearchBox } from '../../components/common/search-box.tsx';
import { useRecordScreen } from '../../components/common/use-record-screen.ts';
import { useScreenSearch } from '../../components/routing/use-screen-search.ts';
import { LIMITS } from '../../domain/validation.ts';
import { PositionGroupFormDialog } from './position-group-form-dialog.tsx';
import { matchingGroups, validatePositionGroupsSearch } from './position-groups-search.ts';
import { PositionGroupsTable } from './position-groups-table.tsx';
import {
  positionGroupsListKey,
  useFetchPositionGroup,
  usePositionGroupsList,
} from './use-position-groups-api.ts';
import './position-groups.css';

/**
 * Position groups: the site's groups, add and edit in a dialog, delete after a confirmation;
 * a search kept in the URL, and a new group shown on its page.
 */
export function PositionGroupsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useScreenSearch(validatePositionGroupsSearch);
  const groups = usePositionGroupsList();
  const shown = useMemo(() => matchingGroups(groups.data ?? [], search.q), [groups.data, search.q]);
  const deleteGroup = useInvalidatingMutation(useDeletePositionGroup, [positionGroupsListKey]);
  const screen = useRecordScreen<PositionGroup, PositionGroupDetail>({
    area: 'position_groups',
    // The list rows carry no members: the dialog starts from the group read fresh.
    load: useFetchPositionGroup(),
    confirmDelete: (group) => ({
      header: t('positionGroups.confirmDelete.header'),
      message: t('positionGroups.confirmDelete.message', { name: group.group_name }),
    }),
    remove: (group) => deleteGroup.mutateAsync({ id: group.id }),
    onCreated: () => setSearch({ q: undefined }, { replace: true }),
  });

  return (
    <ListPage
      title={t('positionGroups.title')}
      subtitle={t('positionGroups.subtitle')}
      add={screen.addAction(t('positionGroups.add'))}
      loadFailed={groups.isError}
      after={<PositionGroupFormDialog group={screen.dialog.row} {...screen.dialog.dialogProps} />}
    >
      <div className="position-groups__search">
        <label htmlFor="position-groups-search">{t('positionGroups.search')}</label>
        <SearchBox
          id="position-groups-search"
          value={search.q ?? ''}
          onSearch={(q) => setSearch({ q: q || undefined }, { replace: true })}
          placeholder={t('positionGroups.searchPlaceholder')}
          maxLength={LIMITS.searchMax}
        />
      </div>
      <PositionGroupsTable
        groups={shown}
        createdId={screen.dialog.created}
        empty={search.q ? t('positionGroups.noMatch') : undefined}
        loading={groups.isPending}
        onEdit={screen.onEdit}
        onDelete={screen.onDelete}
      />
    </ListPage>
  );
}
