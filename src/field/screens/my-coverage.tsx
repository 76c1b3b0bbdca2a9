/**
 * My rounds: the worker's coverage windows today and tomorrow (their area's positions and those
 * they visited), each with its state in words and an icon (due, on time, late, missed, excused),
 * and for a missed or late one a reason the worker can give, kept apart from a manager's excuse.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldCoverageWindow } from '../../api/gen/model';
import { COVERAGE_LIMITS } from '../../domain/coverage.ts';
import { getMyCoverageWindows, sendCoverageReason } from '../api/field-api.ts';
import { useFieldUser } from './use-field-user.ts';

const ICON: Record<FieldCoverageWindow['state'], string> = {
  due: 'pi pi-clock',
  on_time: 'pi pi-check',
  late: 'pi pi-exclamation-triangle',
  missed: 'pi pi-times',
  excused: 'pi pi-info-circle',
};

export function MyCoverage() {
  const { t, i18n } = useTranslation();
  const userId = useFieldUser();
  const key = ['field', 'coverage-windows', userId];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getMyCoverageWindows(signal),
    retry: false,
    staleTime: 30_000,
  });
  const windows = query.data?.windows ?? [];
  // Nothing scheduled for this worker: the section stays out of the way.
  if (query.isSuccess && windows.length === 0) return null;
  const zone = query.data?.time_zone;
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(
      new Date(iso),
    );
  const today = query.data?.server_time
    ? new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(query.data.server_time))
    : '';
  return (
    <section className="field-section" aria-labelledby="my-coverage-title">
      <h2 id="my-coverage-title" className="field-section-title">
        {t('field.coverage.title')}
      </h2>
      {query.isPending ? <p role="status">{t('field.open.loading')}</p> : null}
      {query.isError ? <p className="field-panel">{t('field.coverage.failed')}</p> : null}
      {windows.length > 0 ? (
        <ul className="field-work-list">
          {windows.map((w) => (
            <li key={`${w.position_id}:${w.window_start}`} className={`field-round is-${w.state}`}>
              <span className="field-work-task">
                {w.position_code} – {w.position_name}
              </span>
              <span>
                {w.day === today ? t('field.coverage.today') : t('field.coverage.tomorrow')}{' '}
                {time(w.window_start)}–{time(w.window_end)} · {w.schedule_name}
              </span>
              <span className="field-work-status">
                <span className={ICON[w.state]} aria-hidden="true" /> {t(`field.coverage.states.${w.state}`)}
              </span>
              {w.excuse_reason ? (
                <span className="field-muted">
                  {t('field.coverage.excused', { reason: w.excuse_reason })}
                </span>
              ) : null}
              {w.can_give_reason && w.id !== null ? (
                <ReasonForm
                  id={w.id}
                  given={w.worker_reason}
                  onSent={() => query.refetch()}
                  label={`${w.position_code} ${time(w.window_start)}–${time(w.window_end)}`}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ReasonForm({
  id,
  given,
  label,
  onSent,
}: {
  id: number;
  given: string | null;
  label: string;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState(given ?? '');
  const [state, setState] = useState<'idle' | 'sending' | 'failed'>('idle');
  const valid = reason.trim().length >= COVERAGE_LIMITS.reasonMin;
  if (!open) {
    return (
      <div>
        {given ? <p className="field-muted">{t('field.coverage.yourReason', { reason: given })}</p> : null}
        <button
          type="button"
          className="field-button is-secondary is-small"
          aria-label={t(given ? 'field.coverage.changeReasonFor' : 'field.coverage.giveReasonFor', {
            window: label,
          })}
          onClick={() => setOpen(true)}
        >
          {t(given ? 'field.coverage.changeReason' : 'field.coverage.giveReason')}
        </button>
      </div>
    );
  }
  return (
    <form
      className="field-inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        setState('sending');
        sendCoverageReason(id, reason.trim())
          .then(() => {
            setState('idle');
            setOpen(false);
            void client.invalidateQueries({ queryKey: ['field', 'coverage-windows'] });
            onSent();
          })
          .catch(() => setState('failed'));
      }}
    >
      <label htmlFor={inputId}>{t('field.coverage.reasonLabel', { window: label })}</label>
      <textarea
        id={inputId}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={3}
        minLength={COVERAGE_LIMITS.reasonMin}
        maxLength={COVERAGE_LIMITS.reasonMax}
        required
      />
      {state === 'failed' ? (
        <p className="field-problem-line" role="alert">
          {t('field.coverage.sendFailed')}
        </p>
      ) : null}
      <div className="field-row-actions">
        <button type="submit" className="field-button is-primary" disabled={!valid || state === 'sending'}>
          {t('field.coverage.send')}
        </button>
        <button type="button" className="field-button is-secondary" onClick={() => setOpen(false)}>
          {t('field.task.cancel')}
        </button>
      </div>
    </form>
  );
}
