import { Link } from '@tanstack/react-router';

type Props = { to: string; icon: string; title: string; description: string };

export function QuickAction({ to, icon, title, description }: Props) {
  return (
    <Link to={to} className="quick-action">
      <span className="quick-action__icon" aria-hidden="true">
        <i className={icon} />
      </span>
      <span className="quick-action__text">
        <span className="quick-action__title">{title}</span>
        <span className="quick-action__description">{description}</span>
      </span>
      <i className="pi pi-arrow-right quick-action__arrow" aria-hidden="true" />
    </Link>
  );
}
