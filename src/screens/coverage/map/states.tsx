/**
 * How a position's coverage state is drawn: each state has its own colour AND its own shape, and
 * every legend and list names it in words, so nothing is told by colour alone.
 */
import { useTranslation } from 'react-i18next';
import type { PositionState } from '../../../api/gen/model';
import type { PositionState as State } from '../../../domain/coverage-map.ts';

/** Worst first: a cluster takes the colour and shape of its worst member. */
export const STATE_ORDER: readonly State[] = ['missed', 'late', 'due_soon', 'on_time', 'no_schedule'];

export const STATE_COLOURS: Record<State, string> = {
  on_time: '#15803d',
  due_soon: '#1d4ed8',
  late: '#c2410c',
  missed: '#b91c1c',
  no_schedule: '#4b5563',
};

/** The state's shape as an SVG path around (0, 0), `r` its half size. */
export function shapePath(state: State, r: number): string {
  switch (state) {
    case 'on_time': // a circle
      return `M ${-r} 0 a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0 Z`;
    case 'due_soon': // a triangle pointing up
      return `M 0 ${-r * 1.15} L ${r * 1.1} ${r * 0.85} L ${-r * 1.1} ${r * 0.85} Z`;
    case 'late': // a diamond
      return `M 0 ${-r * 1.2} L ${r * 1.2} 0 L 0 ${r * 1.2} L ${-r * 1.2} 0 Z`;
    case 'missed': {
      // a cross
      const a = r * 0.4;
      return `M ${-r} ${-r + a} L ${-r + a} ${-r} L 0 ${-a} L ${r - a} ${-r} L ${r} ${-r + a} L ${a} 0 L ${r} ${r - a} L ${r - a} ${r} L 0 ${a} L ${-r + a} ${r} L ${-r} ${r - a} L ${-a} 0 Z`;
    }
    default: // no schedule: a square ring
      return `M ${-r} ${-r} H ${r} V ${r} H ${-r} Z M ${-r * 0.45} ${-r * 0.45} V ${r * 0.45} H ${r * 0.45} V ${-r * 0.45} Z`;
  }
}

/** The state's shape, drawn alone (a legend key, a list item, a marker on a plan). */
export function StateShape({ state, size = 14 }: { state: State; size?: number }) {
  const r = size / 2 - 1.5;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`${-size / 2} ${-size / 2} ${size} ${size}`}
      aria-hidden="true"
      focusable="false"
      className="state-shape"
    >
      <path
        d={shapePath(state, r)}
        fill={STATE_COLOURS[state]}
        fillRule="evenodd"
        stroke="#fff"
        strokeWidth={1}
      />
    </svg>
  );
}

export function countStates(positions: readonly Pick<PositionState, 'state'>[]) {
  const counts = Object.fromEntries(STATE_ORDER.map((s) => [s, 0])) as Record<State, number>;
  for (const p of positions) counts[p.state as State] += 1;
  return counts;
}

/** The legend: each state's shape, name and how many positions are in it. */
export function StateLegend({ counts }: { counts: Record<State, number> }) {
  const { t } = useTranslation();
  return (
    <section className="coverage-map__legend" aria-labelledby="coverage-map-legend">
      <h3 id="coverage-map-legend" className="coverage-map__legend-title">
        {t('coverageMap.legend')}
      </h3>
      <ul>
        {STATE_ORDER.map((s) => (
          <li key={s} data-state={s}>
            <StateShape state={s} />
            <span>
              {t('coverageMap.stateCount', { state: t(`coverageMap.states.${s}`), count: counts[s] })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A state in words with its shape (the selected position's panel, lists). */
export function StateChip({ state }: { state: State }) {
  const { t } = useTranslation();
  return (
    <span className="state-chip" data-state={state}>
      <StateShape state={state} /> {t(`coverageMap.states.${state}`)}
    </span>
  );
}
