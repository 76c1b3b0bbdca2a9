import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** A position's or group's visit schedules: the schedules screen filtered to it. */
export function SchedulesLink({
  name,
  search,
}: {
  name: string;
  search: { position_id?: number; position_group_id?: number };
}) {
  const { t } = useTranslation();
  return (
    <Link
      to="/visit-schedules"
      search={search}
      className="schedules-link"
      aria-label={t('visitSchedules.actionOf', { name })}
    >
      <i className="pi pi-calendar-clock" aria-hidden="true" /> {t('visitSchedules.action')}
    </Link>
  );
}
