import { Dropdown } from 'primereact/dropdown';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../components/common/search-box.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import { TASK_LIMITS, type TaskCategory } from '../../domain/tasks.ts';
import { useCategoryOptions } from './use-tasks-api.ts';

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

  return (
    <div className="task-filters">
      {leading}
      <div className="task-filters__field">
        <label htmlFor={`${idPrefix}-search`}>{t('tasks.filters.search')}</label>
        <SearchBox
          id={`${idPrefix}-search`}
          value={search}
          onSearch={onSearch}
          placeholder={t('tasks.filters.searchPlaceholder')}
          maxLength={TASK_LIMITS.searchMax}
        />
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
