import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleInfo } from '../../api/gen/model';
import { permissionAreaLabel } from '../../i18n/permission-labels.ts';
import { PERMISSION_GROUPS, roleKey, useRoleLabel } from './role-view.ts';

/** Permission Matrix: a column per role, rows by category with granted/total per role. */
export function PermissionMatrix({ roles }: { roles: RoleInfo[] }) {
  const { t } = useTranslation();
  const label = useRoleLabel();
  const held = roles.map((r) => new Set<string>(r.permissions));
  return (
    <div className="permission-matrix__scroll">
      <table className="permission-matrix">
        {/* Names the table for screen readers; the heading above already names it on screen. */}
        <caption className="sr-only">{t('rolesScreen.matrix')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rolesScreen.permissionColumn')}</th>
            {roles.map((r) => (
              <th scope="col" key={roleKey(r)}>
                {label(r)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PERMISSION_GROUPS.map((group) => (
            <Fragment key={group.area}>
              <tr className="permission-matrix__category">
                <th scope="rowgroup">{t(permissionAreaLabel(group.area))}</th>
                {roles.map((r, i) => (
                  <td key={roleKey(r)}>
                    {group.permissions.filter((p) => held[i].has(p.name)).length}/{group.permissions.length}
                  </td>
                ))}
              </tr>
              {group.permissions.map((p) => (
                <tr key={p.name}>
                  <th scope="row" className="permission-matrix__permission">
                    {t(`rolesScreen.actions.${p.action}` as 'rolesScreen.actions.view')}
                  </th>
                  {roles.map((r, i) =>
                    held[i].has(p.name) ? (
                      <td key={roleKey(r)}>
                        <i
                          className="pi pi-check permission-matrix__yes"
                          role="img"
                          aria-label={t('rolesScreen.granted')}
                        />
                      </td>
                    ) : (
                      <td key={roleKey(r)}>
                        <i
                          className="pi pi-times permission-matrix__no"
                          role="img"
                          aria-label={t('rolesScreen.notGranted')}
                        />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
