import { Button } from 'primereact/button';
import type { ReactNode } from 'react';

/** The page's add button; a screen passes it only when the viewer may create (`can('things.create')`). */
export type PageAddAction = { label: string; onClick: () => void };

export function PageHeader({
  title,
  subtitle,
  actions,
  add,
}: {
  title: string;
  subtitle?: string;
  /** Other buttons, before the add button. */
  actions?: ReactNode;
  add?: PageAddAction;
}) {
  return (
    <header className="page-header">
      <div>
        <h1 className="page-header__title">{title}</h1>
        {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions || add ? (
        <div className="page-header__actions">
          {actions}
          {add ? <Button label={add.label} icon="pi pi-plus" onClick={add.onClick} /> : null}
        </div>
      ) : null}
    </header>
  );
}
