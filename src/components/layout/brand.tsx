import { useTranslation } from 'react-i18next';

export function Brand({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="brand">
      <span className="brand__mark" aria-hidden="true">
        <i className="pi pi-tags" />
      </span>
      {compact ? null : <span className="brand__name">{t('app.name')}</span>}
    </div>
  );
}
