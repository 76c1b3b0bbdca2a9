/**
 * A list's filters: in a row on a desk; below the medium breakpoint folded behind a Filters
 * button that counts the filters in use, so a phone sees the first rows without scrolling past
 * seven fields. The fields stay mounted when folded (what was typed survives).
 */
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIUM_BREAKPOINT, useMediaQuery } from '../layout/use-media-query.ts';

export function FilterBar({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useTranslation();
  const wide = useMediaQuery(MEDIUM_BREAKPOINT);
  const [open, setOpen] = useState(false);
  const id = useId();
  if (wide) return children;
  return (
    <div className="filter-bar">
      {/* The count is text after a space, so the name read out ("Filters 2") is the text shown. */}
      <Button
        type="button"
        icon="pi pi-filter"
        label={t('common.filters')}
        aria-label={active > 0 ? `${t('common.filters')} ${active}` : t('common.filters')}
        outlined
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        className="filter-bar__toggle"
      >
        {active > 0 ? (
          <>
            {' '}
            <Badge value={active} />
          </>
        ) : null}
      </Button>
      <div id={id} className="filter-bar__panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
