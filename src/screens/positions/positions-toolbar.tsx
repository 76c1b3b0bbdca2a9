import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../components/common/switch.tsx';

type Props = {
  search: string;
  onSearch: (text: string) => void;
  showInactive: boolean;
  onShowInactive: (show: boolean) => void;
  selectedCount: number;
  onClearSelection: () => void;
  onPrintTags: () => void;
};

/** Typing settles for this long before the list is asked again. */
const SEARCH_DELAY_MS = 300;

/** Above the table: search, the inactive switch (both kept in the URL) and the tag-sheet selection. */
export function PositionsToolbar(props: Props) {
  const { search, onSearch, showInactive, onShowInactive, selectedCount, onClearSelection, onPrintTags } =
    props;
  const { t } = useTranslation();
  const [draft, setDraft] = useState(search);

  // The URL may change under us (back button): follow it.
  useEffect(() => setDraft(search), [search]);
  useEffect(() => {
    if (draft.trim() === search) return;
    const timer = setTimeout(() => onSearch(draft.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, search, onSearch]);

  return (
    <div className="positions-toolbar">
      <div className="positions-toolbar__filters">
        <label htmlFor="positions-search" className="positions-toolbar__label">
          {t('positions.search')}
        </label>
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            id="positions-search"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('positions.searchPlaceholder')}
            maxLength={100}
          />
        </IconField>
        <span className="positions-toolbar__switch">
          <Switch
            inputId="positions-show-inactive"
            checked={showInactive}
            onChange={(e) => onShowInactive(Boolean(e.value))}
          />
          <label htmlFor="positions-show-inactive">{t('positions.showInactive')}</label>
        </span>
      </div>
      <div className="positions-toolbar__selection">
        {selectedCount > 0 ? (
          <>
            <span className="positions-toolbar__count">
              {t('positions.selected', { count: selectedCount })}
            </span>
            <Button
              type="button"
              label={t('positions.clearSelection')}
              text
              size="small"
              onClick={onClearSelection}
            />
          </>
        ) : null}
        <Button
          type="button"
          icon="pi pi-print"
          label={t('positions.printTags')}
          outlined
          disabled={selectedCount === 0}
          onClick={onPrintTags}
        />
      </div>
    </div>
  );
}
