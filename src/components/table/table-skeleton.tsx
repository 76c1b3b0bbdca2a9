import { Skeleton } from 'primereact/skeleton';
import { useTranslation } from 'react-i18next';

/** Rows of grey bars where a loading list's rows will be; announced once as loading. */
export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="table-skeleton" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart.
        <Skeleton key={i} height="1.5rem" className="table-skeleton__row" />
      ))}
    </div>
  );
}
