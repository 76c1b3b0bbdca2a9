import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../components/common/search-box.tsx';
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

/** Above the table: search, the inactive switch (both kept in the URL) and the tag-sheet selection. */
export function PositionsToolbar(props: Props) {
  const { search, onSearch, showInactive, onShowInactive, selectedCount, onClearSelection, onPrintTags } =
    props;
  const { t } = useTranslation();

  return (
    <div className="positions-toolbar row-between">
      <div className="positions-toolbar__filters">
        <label htmlFor="positions-search" className="positions-toolbar__label">
          {t('positions.search')}
        </label>
        <SearchBox
          id="positions-search"
          value={search}
          onSearch={onSearch}
          placeholder={t('positions.searchPlaceholder')}
          maxLength={100}
        />
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
