import { Checkbox } from 'primereact/checkbox';
import { useTranslation } from 'react-i18next';
import { permissionAreaLabel } from '../../i18n/permission-labels.ts';
import { PERMISSION_GROUPS } from './role-view.ts';

type Props = {
  idPrefix: string;
  value: readonly string[];
  onChange?: (next: string[]) => void;
  disabled?: boolean;
  /** Permissions the viewer cannot grant stay disabled even when the rest is editable. */
  grantable?: (permission: string) => boolean;
};

/** Permission checkboxes grouped by category (the role panels and the create dialog). */
export function PermissionCheckboxes({ idPrefix, value, onChange, disabled, grantable }: Props) {
  const { t } = useTranslation();
  const set = new Set(value);
  const toggle = (name: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(name);
    else next.delete(name);
    onChange?.([...next]);
  };
  return (
    <div className="permission-checkboxes">
      {PERMISSION_GROUPS.map((group) => (
        <fieldset key={group.area} className="permission-checkboxes__group">
          <legend>{t(permissionAreaLabel(group.area))}</legend>
          {group.permissions.map((p) => {
            const id = `${idPrefix}-${p.name.replace('.', '-')}`;
            return (
              <div key={p.name} className="permission-checkboxes__item">
                <Checkbox
                  inputId={id}
                  checked={set.has(p.name)}
                  disabled={disabled || (grantable ? !grantable(p.name) : false)}
                  onChange={(e) => toggle(p.name, Boolean(e.checked))}
                />
                <label htmlFor={id}>
                  {t(`rolesScreen.actions.${p.action}` as 'rolesScreen.actions.view')}
                </label>
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
