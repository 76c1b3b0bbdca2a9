import { Skeleton } from 'primereact/skeleton';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from './page-sizes.ts';

/**
 * Rows of grey bars where a loading list's rows will be, a page of them (10 by default), each as tall
 * as a loaded row (table.css --table-row-height), so the page does not jump when the rows arrive;
 * announced once as loading.
 */
export function TableSkeleton({ rows = DEFAULT_PAGE_SIZE }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="table-skeleton" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart.
        <div key={i} className="table-skeleton__row">
          <Skeleton height="1.25rem" />
        </div>
      ))}
    </div>
  );
}
