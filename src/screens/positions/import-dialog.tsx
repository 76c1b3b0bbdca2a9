/**
 * CSV import (issue 6): choose a file → the server's dry run shows what each row would do and why
 * a row is refused → Import applies every row or none. Nothing is written before Import.
 */
import { Message } from 'primereact/message';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import type { ImportPositions200 } from '../../api/gen/model';
import { useImportPositions } from '../../api/gen/positions/positions.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { useNotify } from '../../components/notify/notify-context.ts';
import { POSITION_IMPORT_MAX_CHARS } from '../../domain/positions.ts';
import { ImportPreview } from './import-preview.tsx';
import { positionsListKey } from './use-positions-api.ts';

type Props = { visible: boolean; onHide: () => void };

/** A file of this many bytes holds at most the characters the server takes. */
const MAX_MB = POSITION_IMPORT_MAX_CHARS / 1_000_000;

interface State {
  fileName: string | null;
  csv: string | null;
  preview: ImportPositions200 | null;
  error: string | null;
}

const EMPTY: State = { fileName: null, csv: null, preview: null, error: null };

/** A whole-file refusal reads as the server wrote it (it names the column); others are ours. */
function failureText(error: unknown, fallback: string): string {
  return isApiError(error) && error.code === 'INVALID_CSV' ? error.message : fallback;
}

export function ImportDialog({ visible, onHide }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [state, setState] = useState<State>(EMPTY);
  const dryRun = useImportPositions();
  const apply = useInvalidatingMutation(useImportPositions, [positionsListKey]);

  useEffect(() => {
    if (visible) setState(EMPTY);
  }, [visible]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > POSITION_IMPORT_MAX_CHARS) {
      setState({ ...EMPTY, fileName: file.name, error: t('positions.import.tooLarge', { max: MAX_MB }) });
      return;
    }
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setState({ ...EMPTY, fileName: file.name, error: t('positions.import.readFailed') });
      return;
    }
    setState({ ...EMPTY, fileName: file.name, csv });
    try {
      const preview = await dryRun.mutateAsync({ data: { csv, dry_run: true } });
      setState({ fileName: file.name, csv, preview, error: null });
    } catch (error) {
      setState({ ...EMPTY, fileName: file.name, error: failureText(error, t('positions.import.failed')) });
    }
  };

  const ready =
    state.csv !== null &&
    state.preview !== null &&
    state.preview.rejected.length === 0 &&
    state.preview.create + state.preview.update > 0;

  const submit = async (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    if (!ready || state.csv === null) return;
    try {
      const result = await apply.mutateAsync({ data: { csv: state.csv, dry_run: false } });
      notify.success(
        t('positions.import.applied', {
          count: result.create + result.update,
          created: result.create,
          updated: result.update,
        }),
      );
      onHide();
    } catch (error) {
      setState((s) => ({ ...s, error: failureText(error, t('positions.import.failed')) }));
    }
  };

  return (
    <AppDialog
      header={t('positions.import.header')}
      visible={visible}
      onHide={onHide}
      formId="position-import-form"
      onSubmit={submit}
      saving={apply.isPending}
      saveDisabled={!ready}
      saveLabel={t('positions.import.apply')}
      error={state.error}
      size="wide"
    >
      <p className="import-intro">{t('positions.import.intro')}</p>
      <div className="import-file">
        <input
          id="position-import-file"
          className="import-file__input sr-only"
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={choose}
        />
        <label htmlFor="position-import-file" className="p-button p-button-outlined import-file__button">
          <span className="pi pi-upload" aria-hidden="true" />
          <span>{t('positions.import.chooseFile')}</span>
        </label>
        <span className="import-file__name">{state.fileName ?? t('positions.import.noFile')}</span>
      </div>
      {dryRun.isPending ? (
        <Message severity="info" text={t('positions.import.checking')} className="form-alert" />
      ) : null}
      {state.preview ? <ImportPreview key={state.fileName ?? ''} preview={state.preview} /> : null}
    </AppDialog>
  );
}
