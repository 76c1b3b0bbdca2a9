import { Accordion, AccordionTab } from 'primereact/accordion';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleInfo } from '../../api/gen/model';
import { PermissionCheckboxes } from './permission-checkboxes.tsx';
import { roleKey, useRoleLabel } from './role-view.ts';

type Props = {
  roles: RoleInfo[];
  isEditable: (role: RoleInfo) => boolean;
  grantable: (permission: string) => boolean;
  onSave: (role: RoleInfo, permissions: string[]) => Promise<unknown>;
  onDelete?: (role: RoleInfo) => void;
};

function RolePanel({
  role,
  editable,
  grantable,
  onSave,
  onDelete,
}: Omit<Props, 'roles' | 'isEditable'> & { role: RoleInfo; editable: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string[]>([...role.permissions]);
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft([...role.permissions]), [role.permissions]);
  // Built-in roles are defined in code: their panels show, custom roles below the viewer save.
  const savable = editable && role.kind === 'custom';
  const dirty =
    draft.length !== role.permissions.length ||
    draft.some((p) => !(role.permissions as string[]).includes(p));
  return (
    <>
      <PermissionCheckboxes
        idPrefix={`panel-${roleKey(role)}`}
        value={draft}
        disabled={!savable}
        grantable={grantable}
        onChange={setDraft}
      />
      {savable ? (
        <div className="role-panel__actions">
          {onDelete ? (
            <Button
              type="button"
              label={t('rolesScreen.deleteRole')}
              icon="pi pi-trash"
              severity="danger"
              text
              onClick={() => onDelete(role)}
            />
          ) : null}
          <Button
            type="button"
            label={t('rolesScreen.form.save')}
            icon="pi pi-save"
            disabled={!dirty || saving}
            loading={saving}
            onClick={async () => {
              setSaving(true);
              try {
                await onSave(role, draft);
              } finally {
                setSaving(false);
              }
            }}
          />
        </div>
      ) : null}
    </>
  );
}

/** Expandable per-role panels of checkboxes, disabled for roles the viewer cannot edit. */
export function RolePanels({ roles, isEditable, grantable, onSave, onDelete }: Props) {
  const label = useRoleLabel();
  return (
    <Accordion multiple>
      {roles.map((role) => (
        <AccordionTab key={roleKey(role)} header={label(role)}>
          <RolePanel
            role={role}
            editable={isEditable(role)}
            grantable={grantable}
            onSave={onSave}
            onDelete={onDelete}
          />
        </AccordionTab>
      ))}
    </Accordion>
  );
}
