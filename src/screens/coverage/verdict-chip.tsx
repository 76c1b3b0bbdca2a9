import { useTranslation } from 'react-i18next';
import type { Verdict } from '../../domain/coverage.ts';

const ICONS: Record<Verdict, string> = {
  on_time: 'pi pi-check-circle',
  late: 'pi pi-clock',
  missed: 'pi pi-times-circle',
  excused: 'pi pi-info-circle',
};

/** What a cell shows when there is nothing to show (no share without windows, no visits). */
export const NONE = '–';

/** A verdict as icon and word (never by colour alone). */
export function VerdictChip({ verdict }: { verdict: Verdict }) {
  const { t } = useTranslation();
  return (
    <span className={`verdict-chip verdict-chip--${verdict}`}>
      <i className={ICONS[verdict]} aria-hidden="true" /> {t(`coverage.verdicts.${verdict}`)}
    </span>
  );
}
