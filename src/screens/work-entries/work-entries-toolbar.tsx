import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListPositions } from '../../api/gen/positions/positions.ts';
import { useListTasks } from '../../api/gen/tasks/tasks.ts';
import { useListUsers } from '../../api/gen/users/users.ts';
import { DayField } from '../../components/common/day-field.tsx';
import { FilterBar } from '../../components/common/filter-bar.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import { WORK_ENTRY_STATUSES } from '../../domain/work-entries.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { filterCount, hasFilters, type WorkEntriesSearch } from './work-entries-search.ts';

type Props = {
  search: WorkEntriesSearch;
  onChange: (patch: Partial<WorkEntriesSearch>, options?: { replace?: boolean }) => void;
  /** The archive tab: no text search there (the archive filters by worker, position, task and days). */
  archived?: boolean;
};

const SEARCH_DELAY_MS = 300;
const STALE = 5 * 60_000;

/**
 * The work entries' filters: status, worker, position, task, first and last day, and a search over
 * names and notes. Each picker appears only with the permission to read its list; the worker picker
 * only for those who see everyone's entries.
 */
export function WorkEntriesToolbar({ search, onChange, archived = false }: Props) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const id = useId();
  const seesAll = can('work_entries.view_all');
  const users = useListUsers(undefined, {
    query: { enabled: seesAll && can('users.read'), staleTime: STALE },
  });
  const positions = useListPositions(
    { include_inactive: true },
    { query: { enabled: can('positions.read'), staleTime: STALE } },
  );
  const tasks = useListTasks(undefined, { query: { enabled: can('tasks.read'), staleTime: STALE } });
  const [text, setText] = useState(search.q ?? '');

  // The URL follows the typing after a pause; the field follows the URL (back, a cleared filter).
  useEffect(() => setText(search.q ?? ''), [search.q]);
  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === search.q) return;
    const timer = setTimeout(() => onChange({ q }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search.q, onChange]);

  const statusOptions = useMemo(
    () => WORK_ENTRY_STATUSES.map((s) => ({ value: s, label: t(`workEntries.statuses.${s}`) })),
    [t],
  );
  const userOptions = useMemo(
    () => (users.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.first_name} ${u.last_name}` })),
    [users.data],
  );
  const positionOptions = useMemo(
    () =>
      (positions.data?.positions ?? []).map((p) => ({
        value: p.id,
        label: `${p.position_code} ${p.position_name}`,
      })),
    [positions.data],
  );
  const taskOptions = useMemo(
    () => (tasks.data?.tasks ?? []).map((task) => ({ value: task.id, label: task.task_name })),
    [tasks.data],
  );
  const filtered = hasFilters(search);

  const picker = (
    key: 'status' | 'worker' | 'position' | 'task',
    label: string,
    placeholder: string,
    options: { value: string | number; label: string }[],
  ) => (
    <div className="filter-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <Dropdown
        inputId={`${id}-${key}`}
        value={search[key] ?? null}
        options={options}
        onChange={(e) => onChange({ [key]: e.value ?? undefined })}
        placeholder={placeholder}
        showClear
        filter={options.length > 8}
        className="filter-field__input"
        // The hidden native select PrimeReact keeps needs the name too (axe), the trigger none.
        pt={dropdownPt(label)}
      />
    </div>
  );

  const day = (key: 'from' | 'to', label: string) => (
    <div className="filter-field filter-field--day">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <DayField id={`${id}-${key}`} value={search[key]} onChange={(day) => onChange({ [key]: day })} />
    </div>
  );

  return (
    <FilterBar active={filterCount(search)}>
      <fieldset className="list-filters work-entries-filters">
        <legend className="sr-only">{t('workEntries.filters.label')}</legend>
        {archived ? null : (
          <div className="filter-field filter-field--search">
            <label htmlFor={`${id}-q`}>{t('workEntries.filters.search')}</label>
            <IconField iconPosition="left">
              <InputIcon className="pi pi-search" />
              <InputText
                id={`${id}-q`}
                type="search"
                value={text}
                maxLength={100}
                placeholder={t('workEntries.filters.searchPlaceholder')}
                onChange={(e) => setText(e.target.value)}
              />
            </IconField>
          </div>
        )}
        {picker('status', t('workEntries.filters.status'), t('workEntries.filters.anyStatus'), statusOptions)}
        {seesAll && can('users.read')
          ? picker('worker', t('workEntries.filters.worker'), t('workEntries.filters.anyWorker'), userOptions)
          : null}
        {can('positions.read')
          ? picker(
              'position',
              t('workEntries.filters.position'),
              t('workEntries.filters.anyPosition'),
              positionOptions,
            )
          : null}
        {can('tasks.read')
          ? picker('task', t('workEntries.filters.task'), t('workEntries.filters.anyTask'), taskOptions)
          : null}
        {day('from', t('workEntries.filters.from'))}
        {day('to', t('workEntries.filters.to'))}
        {filtered ? (
          <Button
            type="button"
            label={t('workEntries.filters.clear')}
            icon="pi pi-filter-slash"
            text
            className="work-entries-filters__clear"
            onClick={() =>
              onChange({
                status: undefined,
                worker: undefined,
                position: undefined,
                task: undefined,
                from: undefined,
                to: undefined,
                q: undefined,
              })
            }
          />
        ) : null}
      </fieldset>
    </FilterBar>
  );
}
