import { Link } from '@tanstack/react-router';
import { Skeleton } from 'primereact/skeleton';

type Props = {
  to: string;
  /** The list's URL state to land on (e.g. the task screen's template library). */
  search?: Record<string, string>;
  icon: string;
  label: string;
  /** A count, or its text when it is a lower bound ("more than 1,000"). */
  value: number | string | undefined;
  loading: boolean;
  hint?: string;
  tone?: 'indigo' | 'teal' | 'amber' | 'rose';
};

/** A count that leads to its list: each card is a link. */
export function StatCard({ to, search, icon, label, value, loading, hint, tone = 'indigo' }: Props) {
  return (
    <Link to={to} search={search} className={`stat-card stat-card--${tone}`}>
      <span className="stat-card__icon" aria-hidden="true">
        <i className={icon} />
      </span>
      <span className="stat-card__body">
        <span className="stat-card__label">{label}</span>
        {loading ? (
          <Skeleton width="4rem" height="2rem" />
        ) : (
          <span className="stat-card__value">{value ?? '–'}</span>
        )}
        {hint && !loading ? <span className="stat-card__hint">{hint}</span> : null}
      </span>
      <i className="pi pi-angle-right stat-card__arrow" aria-hidden="true" />
    </Link>
  );
}
