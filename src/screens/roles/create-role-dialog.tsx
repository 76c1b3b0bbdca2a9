import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorDetailsOf } from '../../api/api-error.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
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

/** Create Custom Role (spec §2), saved for real: name, level and permissions grouped by category. */
export function CreateRoleDialog({ visible, onHide, levels, grantable, save, onSaved }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [level, setLevel] = useState(1);
  const [permissions, setPermissions] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (visible) {
      setName('');
      setLevel(1);
      setPermissions([]);
      setError(null);
    }
  }, [visible]);

  const submit = async (event?: { preventDefault?: () => void }) => {
    event?.preventDefault?.();
    if (name.trim() === '') return;
    setSaving(true);
    setError(null);
    try {
      await save({ name: name.trim(), level, permissions });
      onSaved();
    } catch (err) {
      const detail = errorDetailsOf(err)[0];
      setError(detail?.message ?? t('rolesScreen.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppDialog
      header={t('rolesScreen.createCustom')}
      visible={visible}
      onHide={onHide}
      formId="create-role-form"
      onSubmit={submit}
      saving={saving}
      error={error}
      saveLabel={t('rolesScreen.form.create')}
      saveDisabled={name.trim() === ''}
      size="wide"
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
