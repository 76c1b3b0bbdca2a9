/**
 * CSV import: choose a file → the server's dry run shows what each row would do and why
 * a row is refused → Import applies every row or none. Nothing is written before Import.
 */
import { Message } from 'primereact/message';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import type { ImportPositions200 } from '../../api/gen/model';
import { useImportPositions } from '../../api/gen/positions/positions.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { AppDialog } from '../../components/common/app-dialog.tsx';
import { useDialogSave } from '../../components/common/use-dialog-save.ts';
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
}

const EMPTY: State = { fileName: null, csv: null, preview: null };

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
  const { csv, preview } = state;
  const { setError, dialogProps } = useDialogSave({
    header: t('positions.import.header'),
    visible,
    onHide,
    onOpen: () => setState(EMPTY),
    ready:
      csv !== null &&
      preview !== null &&
      preview.rejected.length === 0 &&
      preview.create + preview.update > 0,
    save: async () => {
      if (csv === null) return;
      const result = await apply.mutateAsync({ data: { csv, dry_run: false } });
      notify.success(
        t('positions.import.applied', {
          count: result.create + result.update,
          created: result.create,
          updated: result.update,
        }),
      );
      onHide();
    },
    failureMessage: (error) => failureText(error, t('positions.import.failed')),
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // What is known of this file so far; an earlier file's alert goes unless this one brings its own.
    const show = (known: Partial<State>, error: string | null = null) => {
      setState({ ...EMPTY, fileName: file.name, ...known });
      setError(error);
    };
    if (file.size > POSITION_IMPORT_MAX_CHARS) {
      show({}, t('positions.import.tooLarge', { max: MAX_MB }));
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      show({}, t('positions.import.readFailed'));
      return;
    }
    show({ csv: text });
    try {
      show({ csv: text, preview: await dryRun.mutateAsync({ data: { csv: text, dry_run: true } }) });
    } catch (error) {
      show({}, failureText(error, t('positions.import.failed')));
    }
  };

  return (
    <AppDialog
      formId="position-import-form"
      saveLabel={t('positions.import.apply')}
      size="wide"
      {...dialogProps}
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
      {preview ? <ImportPreview key={state.fileName ?? ''} preview={preview} /> : null}
    </AppDialog>
  );
}
