import type { ReactNode } from 'react';
import { LoadFailedAlert } from './load-failed-alert.tsx';
import { type PageAddAction, PageHeader } from './page-header.tsx';

type Props = {
  title: string;
  subtitle?: string;
  /** Other header buttons, before the add button. */
  actions?: ReactNode;
  add?: PageAddAction;
  /** The list's query failed: the page says it could not load. */
  loadFailed: boolean;
  /** The list, in the page's card (a toolbar above the table belongs here too). */
  children: ReactNode;
  /** Dialogs and the like, after the card. */
  after?: ReactNode;
};

/** A list screen's frame: the header with its add button, the load alert, the card. */
export function ListPage({ title, subtitle, actions, add, loadFailed, children, after }: Props) {
  return (
    <section className="page">
      <PageHeader title={title} subtitle={subtitle} actions={actions} add={add} />
      <LoadFailedAlert show={loadFailed} />
      <div className="card">{children}</div>
      {after}
    </section>
  );
}
