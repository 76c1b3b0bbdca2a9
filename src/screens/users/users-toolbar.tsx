import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../components/common/filter-bar.tsx';
import { SearchBox } from '../../components/common/search-box.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import { ROLES } from '../../domain/permissions.ts';
import { LIMITS } from '../../domain/validation.ts';
import { USER_STATUSES, type UsersSearch, usersFilterCount } from './users-search.ts';

type Props = {
  search: UsersSearch;
  onChange: (patch: Partial<UsersSearch>) => void;
};

/** Above the users table: search, role and status; the server filters, the URL keeps them. */
export function UsersToolbar({ search, onChange }: Props) {
  const { t } = useTranslation();
  const roleOptions = ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
  const statusOptions = USER_STATUSES.map((status) => ({
    value: status,
    label: t(`users.filters.${status}`),
  }));
  const count = usersFilterCount(search);
  return (
    <FilterBar active={count}>
      <fieldset className="users-filters">
        <legend className="sr-only">{t('users.filters.label')}</legend>
        <div className="users-filters__field users-filters__field--search">
          <label htmlFor="users-search">{t('users.filters.search')}</label>
          <SearchBox
            id="users-search"
            value={search.q ?? ''}
            onSearch={(q) => onChange({ q: q || undefined })}
            placeholder={t('users.filters.searchPlaceholder')}
            maxLength={LIMITS.searchMax}
          />
        </div>
        <div className="users-filters__field">
          <label htmlFor="users-role">{t('users.filters.role')}</label>
          <Dropdown
            inputId="users-role"
            value={search.role ?? null}
            options={roleOptions}
            onChange={(e) => onChange({ role: e.value ?? undefined })}
            placeholder={t('users.filters.anyRole')}
            showClear
            pt={dropdownPt(t('users.filters.role'))}
          />
        </div>
        <div className="users-filters__field">
          <label htmlFor="users-status">{t('users.filters.status')}</label>
          <Dropdown
            inputId="users-status"
            value={search.status ?? null}
            options={statusOptions}
            onChange={(e) => onChange({ status: e.value ?? undefined })}
            placeholder={t('users.filters.anyStatus')}
            showClear
            pt={dropdownPt(t('users.filters.status'))}
          />
        </div>
        {count > 0 ? (
          <Button
            type="button"
            label={t('users.filters.clear')}
            icon="pi pi-filter-slash"
            text
            onClick={() => onChange({ q: undefined, role: undefined, status: undefined })}
          />
        ) : null}
      </fieldset>
    </FilterBar>
  );
}
