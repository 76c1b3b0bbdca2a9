import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorDetailsOf } from '../../api/api-error.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { useDialogSave } from '../../components/common/use-dialog-save.ts';
import { PermissionCheckboxes } from './permission-checkboxes.tsx';

type Props = {
  visible: boolean;
  onHide: () => void;
  /** The levels the viewer may give (1 to below their own). */
  levels: number[];
  grantable: (permission: string) => boolean;
  save: (body: { name: string; level: number; permissions: string[] }) => Promise<unknown>;
  onSaved: () => void;
};

/** Create Custom Role, saved for real: name, level and permissions grouped by category. */
export function CreateRoleDialog({ visible, onHide, levels, grantable, save, onSaved }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [level, setLevel] = useState(1);
  const [permissions, setPermissions] = useState<string[]>([]);
  const { dialogProps } = useDialogSave({
    header: t('rolesScreen.createCustom'),
    visible,
    onHide,
    onOpen: () => {
      setName('');
      setLevel(1);
      setPermissions([]);
    },
    ready: name.trim() !== '',
    save: async () => {
      await save({ name: name.trim(), level, permissions });
      onSaved();
    },
    failureMessage: (err) => errorDetailsOf(err)[0]?.message ?? t('rolesScreen.saveFailed'),
  });

  return (
    <AppDialog
      formId="create-role-form"
      saveLabel={t('rolesScreen.form.create')}
      size="wide"
      {...dialogProps}
    >
      <div className="form-grid">
        <div className="form-field">
          <label htmlFor="role-name">{t('rolesScreen.form.name')}</label>
          <InputText id="role-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={50} />
        </div>
        <div className="form-field">
          <label htmlFor="role-level" id="role-level-label">
            {t('rolesScreen.form.level')}
          </label>
          <Dropdown
            inputId="role-level"
            aria-labelledby="role-level-label"
            value={level}
            options={levels.map((l) => ({ label: t('rolesScreen.level', { level: l }), value: l }))}
            onChange={(e) => setLevel(e.value)}
          />
        </div>
      </div>
      <h3 className="create-role__permissions">{t('rolesScreen.form.permissions')}</h3>
      <PermissionCheckboxes
        idPrefix="create-role"
        value={permissions}
        onChange={setPermissions}
        grantable={grantable}
      />
    </AppDialog>
  );
}
