import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { WorkEntryStatus } from '../../domain/work-entries.ts';
import './status-chip.css';

/** Status colours: completed green, in progress orange, failed red; paused grey and cancelled red. */
const SEVERITY: Record<WorkEntryStatus, 'success' | 'warning' | 'danger' | 'secondary'> = {
  completed: 'success',
  in_progress: 'warning',
  failed: 'danger',
  paused: 'secondary',
  cancelled: 'danger',
};

export function StatusChip({ status }: { status: WorkEntryStatus }) {
  const { t } = useTranslation();
  return (
    <Tag
      value={t(`workEntries.statuses.${status}`)}
      severity={SEVERITY[status]}
      rounded
      className={`status-chip status-chip--${status}`}
    />
  );
}
