import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import { TASK_LIMITS, type TaskCategory } from '../../domain/tasks.ts';
import { useCategoryOptions } from './use-tasks-api.ts';

/** Typing settles for this long before the list is asked again. */
const SEARCH_DELAY_MS = 300;

type Props = {
  /** Prefix of the controls' ids, unique on the page. */
  idPrefix: string;
  search: string;
  onSearch: (text: string) => void;
  category: TaskCategory | undefined;
  onCategory: (category: TaskCategory | undefined) => void;
  /** Filters before the search box (the position selector and its switch). */
  leading?: ReactNode;
  /** Filters after the category (the template priority). */
  trailing?: ReactNode;
};

/** The filters both views share: search (server-side, accent-insensitive) and the category. */
export function TaskFilters({ idPrefix, search, onSearch, category, onCategory, leading, trailing }: Props) {
  const { t } = useTranslation();
  const categories = useCategoryOptions();
  const [draft, setDraft] = useState(search);

  // The URL may change under us (back button): follow it.
  useEffect(() => setDraft(search), [search]);
  useEffect(() => {
    if (draft.trim() === search) return;
    const timer = setTimeout(() => onSearch(draft.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, search, onSearch]);

  return (
    <div className="task-filters">
      {leading}
      <div className="task-filters__field">
        <label htmlFor={`${idPrefix}-search`}>{t('tasks.filters.search')}</label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            id={`${idPrefix}-search`}
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('tasks.filters.searchPlaceholder')}
            maxLength={TASK_LIMITS.searchMax}
          />
        </IconField>
      </div>
      <div className="task-filters__field">
        <label htmlFor={`${idPrefix}-category`}>{t('tasks.filters.category')}</label>
        <Dropdown
          inputId={`${idPrefix}-category`}
          value={category ?? null}
          options={categories}
          onChange={(e) => onCategory((e.value as TaskCategory | null) ?? undefined)}
          placeholder={t('tasks.filters.allCategories')}
          showClear
          pt={dropdownPt(t('tasks.filters.category'))}
        />
      </div>
      {trailing}
    </div>
  );
}
