/**
 * An event's field changes as a small table: each field, its value before and after. A secret's
 * change (a password) says only that it changed. Used by the Audit log screen's rows and by a
 * record's History panel.
 */
import { useTranslation } from 'react-i18next';
import type { AuditEventChanges } from '../../api/gen/model';
import { shownValue } from './audit-text.ts';
import './audit.css';

function Value({ value, side }: { value: unknown; side: 'old' | 'new' }) {
  const { t } = useTranslation();
  const shown = shownValue(t, value);
  if (shown.kind === 'empty') return <span className="audit-diff__empty">{t('auditLog.diff.empty')}</span>;
  return side === 'old' ? <del>{shown.text}</del> : <ins>{shown.text}</ins>;
}

export function AuditDiff({ changes }: { changes: AuditEventChanges }) {
  const { t } = useTranslation();
  const fields = Object.entries(changes ?? {});
  if (fields.length === 0) return <p className="audit-diff__none">{t('auditLog.diff.none')}</p>;
  return (
    <table className="audit-diff">
      <caption className="sr-only">{t('auditLog.diff.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('auditLog.diff.field')}</th>
          <th scope="col">{t('auditLog.diff.before')}</th>
          <th scope="col">{t('auditLog.diff.after')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map(([field, change]) => (
          <tr key={field}>
            <th scope="row">
              <code>{field}</code>
            </th>
            {change === 'changed' ? (
              <td colSpan={2} className="audit-diff__secret">
                {t('auditLog.diff.secret')}
              </td>
            ) : (
              <>
                <td className="audit-diff__old">
                  <Value value={change.old} side="old" />
                </td>
                <td className="audit-diff__new">
                  <Value value={change.new} side="new" />
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
