/**
 * One task at the position: its state in words and an icon (never colour alone), who works on it,
 * what blocks it, and the big actions the state allows: Start; Pause, Complete, Fail (with a
 * reason); Resume; notes and photos on the worker's own entry.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShownTask } from '../outbox/outbox-items.ts';
import type { TaskActions } from './use-task-actions.ts';

const STATE_ICON: Record<ShownTask['state'], string> = {
  available: 'pi pi-circle',
  blocked: 'pi pi-lock',
  in_progress: 'pi pi-play',
  paused: 'pi pi-pause',
  done_today: 'pi pi-check',
};

function StateLine({ task }: { task: ShownTask }) {
  const { t } = useTranslation();
  const mine = task.entry?.mine ?? false;
  const who = task.entry ? `${task.entry.first_name} ${task.entry.last_name}`.trim() : '';
  let text: string = t(`field.state.${task.state}`);
  if (task.state === 'in_progress')
    text = mine ? t('field.state.inProgressMine') : t('field.state.inProgressBy', { name: who });
  if (task.state === 'paused')
    text = mine ? t('field.state.pausedMine') : t('field.state.pausedBy', { name: who });
  return (
    <p className={`field-state is-${task.state}`}>
      <span className={STATE_ICON[task.state]} aria-hidden="true" /> {text}
      {task.pending > 0 ? <span className="field-pending"> · {t('field.state.notSent')}</span> : null}
    </p>
  );
}

function FailForm({ onFail, onCancel }: { onFail(reason: string): void; onCancel(): void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const id = useId();
  return (
    <form
      className="field-inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim()) onFail(reason.trim());
      }}
    >
      <label htmlFor={id}>{t('field.task.failReason')}</label>
      <textarea
        id={id}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={3}
        maxLength={2000}
        required
      />
      <div className="field-row-actions">
        <button type="submit" className="field-button is-danger" disabled={!reason.trim()}>
          {t('field.task.confirmFail')}
        </button>
        <button type="button" className="field-button is-secondary" onClick={onCancel}>
          {t('field.task.cancel')}
        </button>
      </div>
    </form>
  );
}

function NotesAndPhotos({ task, actions }: { task: ShownTask; actions: TaskActions }) {
  const { t } = useTranslation();
  const [notes, setNotes] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const notesId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <div className="field-extras">
      <form
        className="field-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!notes.trim()) return;
          void actions.saveNotes(task, notes.trim()).then(() => {
            setSaved(t('field.task.notesQueued'));
            setNotes('');
          });
        }}
      >
        <label htmlFor={notesId}>{t('field.task.notes')}</label>
        <textarea
          id={notesId}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          rows={2}
          maxLength={2000}
        />
        <button type="submit" className="field-button is-secondary" disabled={!notes.trim()}>
          {t('field.task.saveNotes')}
        </button>
      </form>
      <label className="field-button is-secondary field-photo">
        <span className="pi pi-camera" aria-hidden="true" /> {t('field.task.addPhoto')}
        <input
          ref={fileRef}
          className="sr-only"
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setSaved(t('field.task.photoPreparing'));
            void actions.addPhoto(task, file).then(
              () => setSaved(t('field.task.photoQueued')),
              () => setSaved(t('field.task.photoFailed')),
            );
            if (fileRef.current) fileRef.current.value = '';
          }}
        />
      </label>
      {saved ? (
        <p role="status" className="field-note">
          {saved}
        </p>
      ) : null}
    </div>
  );
}

export function TaskCard({ task, actions }: { task: ShownTask; actions: TaskActions }) {
  const { t } = useTranslation();
  const [failing, setFailing] = useState(false);
  const [busy, setBusy] = useState(false);
  const mine = task.entry?.mine ?? false;
  const run = (work: () => Promise<void>) => {
    setBusy(true);
    void work().finally(() => setBusy(false));
  };
  const headingId = useId();

  return (
    <li className={`field-task is-${task.state}`} aria-labelledby={headingId}>
      <h3 id={headingId} className="field-task-name">
        {task.task_name}
        {task.is_primary ? <span className="field-tag">{t('field.task.primary')}</span> : null}
      </h3>
      {task.description ? <p className="field-task-description">{task.description}</p> : null}
      <StateLine task={task} />
      {task.state === 'blocked' && task.blocked_by.length > 0 ? (
        <p className="field-blocked-by">
          {t('field.task.blockedBy', { tasks: task.blocked_by.map((b) => b.task_name).join(', ') })}
        </p>
      ) : null}
      <div className="field-actions">
        {task.state === 'available' || task.state === 'done_today' ? (
          <button
            type="button"
            className={`field-button ${task.state === 'available' ? 'is-primary' : 'is-secondary'}`}
            disabled={busy}
            onClick={() => run(() => actions.start(task))}
          >
            <span className="pi pi-play" aria-hidden="true" />{' '}
            {busy
              ? t('field.task.locating')
              : task.state === 'available'
                ? t('field.task.start')
                : t('field.task.startAgain')}
          </button>
        ) : null}
        {task.state === 'in_progress' && mine && !failing ? (
          <>
            <button
              type="button"
              className="field-button is-primary"
              onClick={() => run(() => actions.setStatus(task, 'completed'))}
            >
              <span className="pi pi-check" aria-hidden="true" /> {t('field.task.complete')}
            </button>
            <button
              type="button"
              className="field-button is-secondary"
              onClick={() => run(() => actions.setStatus(task, 'paused'))}
            >
              <span className="pi pi-pause" aria-hidden="true" /> {t('field.task.pause')}
            </button>
            <button type="button" className="field-button is-danger-outline" onClick={() => setFailing(true)}>
              <span className="pi pi-times" aria-hidden="true" /> {t('field.task.fail')}
            </button>
          </>
        ) : null}
        {task.state === 'paused' && mine ? (
          <button
            type="button"
            className="field-button is-primary"
            onClick={() => run(() => actions.setStatus(task, 'in_progress'))}
          >
            <span className="pi pi-play" aria-hidden="true" /> {t('field.task.resume')}
          </button>
        ) : null}
      </div>
      {failing ? (
        <FailForm
          onCancel={() => setFailing(false)}
          onFail={(reason) => {
            setFailing(false);
            run(() => actions.setStatus(task, 'failed', reason));
          }}
        />
      ) : null}
      {(task.state === 'in_progress' || task.state === 'paused') && mine ? (
        <NotesAndPhotos task={task} actions={actions} />
      ) : null}
    </li>
  );
}
