/**
 * Column bodies every resource table repeats (with StatusTag from common/status-tag.tsx): a date
 * in the site's time zone and date format (Site settings), and the row's edit and delete buttons. A button's accessible name is its tooltip plus the
 * row's name ("Edit Maija Test"), so a screen reader and a test can tell the rows apart.
 */
import { useTranslation } from 'react-i18next';
import { IconButton } from '../common/icon-button.tsx';
import { useSiteSettings } from '../common/use-site-settings.ts';

export function DateCell({ value }: { value: string | null | undefined }) {
  const { formatDate } = useSiteSettings();
  return <>{formatDate(value)}</>;
}

type RowActionsProps = {
  /** The row's name as the user reads it, e.g. 'Maija Test' or a position code. */
  name: string;
  /** Omitted: no edit button (the viewer may not edit this row). */
  onEdit?: () => void;
  /** Omitted: no delete button. */
  onDelete?: () => void;
};

export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  const { t } = useTranslation();
  const button = (label: string, icon: string, onClick: () => void, danger = false) => (
    <IconButton
      icon={icon}
      label={`${label} ${name}`}
      tooltip={label}
      tooltipPosition="top"
      danger={danger}
      onClick={onClick}
    />
  );
  return (
    <div className="row-actions">
      {onEdit ? button(t('common.edit'), 'pi pi-pencil', onEdit) : null}
      {onDelete ? button(t('common.delete'), 'pi pi-trash', onDelete, true) : null}
    </div>
  );
}
