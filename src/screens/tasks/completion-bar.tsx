import { ProgressBar } from 'primereact/progressbar';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetPositionCompletionStats } from '../../api/gen/unified-tasks/unified-tasks.ts';

/** Done of total at the chosen position, as a bar. */
export function CompletionBar({ positionId, positionLabel }: { positionId: number; positionLabel: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const stats = useGetPositionCompletionStats(positionId);
  if (!stats.data) return null;
  const { completed, total, percent } = stats.data;
  const text = t('tasks.stats.value', { completed, total });
  return (
    <div className="task-stats">
      <div className="task-stats__head">
        <span id={labelId}>{t('tasks.stats.label', { position: positionLabel })}</span>
        <strong>{text}</strong>
      </div>
      <ProgressBar
        value={percent}
        showValue={false}
        aria-labelledby={labelId}
        aria-valuetext={text}
        className="task-stats__bar"
      />
    </div>
  );
}
