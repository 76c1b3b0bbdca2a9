/**
 * A record's History panel (below the fields of its edit dialog): folded at first, and read only
 * when opened, newest first, each event with who, when, what and its field changes, older pages
 * on request. The server answers it to whoever may update that kind of record (#domain/audit.ts),
 * which is whoever may open the edit dialog; it needs no session of its own here, so the dialogs
 * render it alike inside and outside the app shell.
 */
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListAuditEvents } from '../../api/gen/audit-events/audit-events.ts';
import type { AuditEvent } from '../../api/gen/model';
import type { AuditEntityType } from '../../domain/audit.ts';
import { useSiteSettings } from '../common/use-site-settings.ts';
import { AuditDiff } from './audit-diff.tsx';
import { actionLabel, actorLabel, asEventList } from './audit-text.ts';
import './audit.css';

export interface HistoryTarget {
  entityType: AuditEntityType;
  entityId: number | string;
}

const PAGE = 20;

function HistoryEvent({ event }: { event: AuditEvent }) {
  const { t, i18n } = useTranslation();
  const { formatDateTime } = useSiteSettings();
  return (
    <li className="record-history__event">
      <div className="record-history__head">
        <strong>{actionLabel(t, event.action, (key) => i18n.exists(key))}</strong>
        <span className="record-history__when">
          {t('auditLog.history.by', { actor: actorLabel(t, event), time: formatDateTime(event.at) })}
        </span>
      </div>
      {event.changes ? <AuditDiff changes={event.changes} /> : null}
    </li>
  );
}

/** One page of the history; the last shown page offers the next. */
function HistoryPage({
  target,
  cursor,
  last,
  onOlder,
}: {
  target: HistoryTarget;
  cursor: string | undefined;
  last: boolean;
  onOlder: (cursor: string) => void;
}) {
  const { t } = useTranslation();
  const query = useListAuditEvents(
    { entity_type: target.entityType, entity_id: String(target.entityId), limit: PAGE, cursor },
    { query: { staleTime: 0 } },
  );
  const page = asEventList(query.data);
  if (query.isError) return <Message severity="error" text={t('auditLog.history.loadFailed')} />;
  if (!page) return <Skeleton height="4rem" />;
  if (cursor === undefined && page.audit_events.length === 0)
    return <p className="record-history__empty">{t('auditLog.history.empty')}</p>;
  const next = page.next_cursor;
  return (
    <>
      <ol className="record-history__list">
        {page.audit_events.map((event) => (
          <HistoryEvent key={event.id} event={event} />
        ))}
      </ol>
      {last && next ? (
        <Button type="button" text label={t('auditLog.history.older')} onClick={() => onOlder(next)} />
      ) : null}
    </>
  );
}

export function RecordHistory({ target }: { target: HistoryTarget }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const id = useId();
  return (
    <section className="record-history" aria-labelledby={`${id}-toggle`}>
      <Button
        id={`${id}-toggle`}
        type="button"
        text
        icon={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
        label={t('auditLog.history.title')}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((v) => !v)}
      />
      <div id={`${id}-panel`} hidden={!open}>
        {open
          ? cursors.map((cursor, i) => (
              <HistoryPage
                key={cursor ?? 'first'}
                target={target}
                cursor={cursor}
                last={i === cursors.length - 1}
                onOlder={(next) => setCursors((list) => [...list, next])}
              />
            ))
          : null}
      </div>
    </section>
  );
}
