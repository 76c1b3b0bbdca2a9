import type { ReactNode } from 'react';

export function EmptyState({
  icon = 'pi pi-inbox',
  message,
  children,
}: {
  icon?: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div className="empty-state" role="status">
      <i className={icon} aria-hidden="true" />
      <p>{message}</p>
      {children}
    </div>
  );
}
