/**
 * The audit log screen's URL state: its filters, named as the API names them, so a link to one
 * record's events (?entity_type=position&entity_id=12) or a day's changes is shareable and
 * survives a reload. Kept apart from the screen so the registry imports it without the screen.
 */
import { dayParam, enumParam, idParam, textParam } from '../../components/routing/search-params.ts';
import { AUDIT_ENTITY_TYPES } from '../../domain/audit.ts';

/** '<entity>.<verb>', as the server accepts it. */
const ACTION = /^[a-z_]+\.[a-z_]+$/;

export const validateAuditLogSearch = (search: Record<string, unknown>) => {
  const action = textParam(search.action, 100);
  return {
    entity_type: enumParam(search.entity_type, AUDIT_ENTITY_TYPES),
    entity_id: textParam(search.entity_id, 100),
    actor_id: idParam(search.actor_id),
    action: action && ACTION.test(action) ? action : undefined,
    /** First and last day, YYYY-MM-DD, in the site's time zone. */
    from: dayParam(search.from),
    to: dayParam(search.to),
  };
};

export type AuditLogSearch = ReturnType<typeof validateAuditLogSearch>;

export const filterCount = (search: AuditLogSearch) =>
  Object.values(search).filter((v) => v !== undefined).length;

/** The list's and the export's query parameters (a last day before the first is left out). */
export function auditParams(search: AuditLogSearch) {
  const backwards = search.from && search.to && search.to < search.from;
  return { ...search, to: backwards ? undefined : search.to };
}
