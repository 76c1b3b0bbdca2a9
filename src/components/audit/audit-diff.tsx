/**
 * An event's field changes as a small table: each field, its value before and after. A secret's
 * change (a password) says only that it changed. Used by the Audit log screen's rows and by a
 * record's History panel.
 */
import { Fragment } from 'react';
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

/** A field's API name; a narrow column breaks it after an underscore rather than mid-word. */
function FieldName({ name }: { name: string }) {
  const [first, ...rest] = name.split('_');
  return (
    <code>
      {first}
      {rest.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in their order.
        <Fragment key={i}>
          _<wbr />
          {part}
        </Fragment>
      ))}
    </code>
  );
}

export function AuditDiff({ changes }: { changes: AuditEventChanges }) {
  const { t } = useTranslation();
  // A new record lists every field; those it was created without say nothing (empty → empty).
  const fields = Object.entries(changes ?? {}).filter(
    ([, change]) =>
      change === 'changed' ||
      shownValue(t, change.old).kind !== 'empty' ||
      shownValue(t, change.new).kind !== 'empty',
  );
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
              <FieldName name={field} />
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
