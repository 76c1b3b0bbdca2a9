import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';

export function StatusTag({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag
      value={active ? t('status.active') : t('status.inactive')}
      severity={active ? 'success' : 'secondary'}
      rounded
    />
  );
}
