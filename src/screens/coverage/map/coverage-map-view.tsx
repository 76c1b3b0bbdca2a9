/**
 * The coverage screen's Map view, loaded on demand: every position's state now
 * (GET /coverage/positions-state, refreshed each minute) on the site's base map (MapLibre, itself
 * loaded only with a tile URL set) or, with none or when the tiles fail, on a plain grid by the
 * coordinates. A legend names every state with its shape and count; positions late, missed or due
 * soon are listed beside it (the keyboard's way in); choosing a position shows its state, and the
 * screen's drill-down shows its windows and their entries.
 */
import { Message } from 'primereact/message';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetCoveragePositionsState } from '../../../api/gen/coverage/coverage.ts';
import type { PositionState } from '../../../api/gen/model';
import { LoadFailedAlert } from '../../../components/common/load-failed-alert.tsx';
import { useSiteSettings } from '../../../components/common/use-site-settings.ts';
import { type PositionState as State, tileUrlKind } from '../../../domain/coverage-map.ts';
import { CoverageGrid } from './coverage-grid.tsx';
import { countStates, STATE_ORDER, StateChip, StateLegend, StateShape } from './states.tsx';
import './coverage-map.css';

const MapLibre = lazy(() => import('./coverage-maplibre.tsx'));

type Located = PositionState & { lat: number; lng: number };
const ATTENTION: readonly State[] = ['missed', 'late', 'due_soon'];
/** Rows the attention list shows (worst first); the legend counts them all. */
const ATTENTION_MAX = 30;

export function usePositionsState() {
  return useGetCoveragePositionsState({ query: { refetchInterval: 60_000 } });
}

export default function CoverageMapView({
  selectedId,
  onSelect,
}: {
  selectedId?: number;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const site = useSiteSettings();
  const state = usePositionsState();
  const [tilesFailed, setTilesFailed] = useState(false);
  const all = state.data?.positions ?? [];
  const located = useMemo(() => all.filter((p): p is Located => p.lat !== null && p.lng !== null), [all]);
  const counts = useMemo(() => countStates(all), [all]);
  const tileUrl = state.data?.map_tile_url ?? '';
  const useTiles = tileUrlKind(tileUrl) !== 'none' && tileUrlKind(tileUrl) !== 'invalid' && !tilesFailed;
  const summary = STATE_ORDER.map((s) =>
    t('coverageMap.stateCount', { state: t(`coverageMap.states.${s}`), count: countStates(located)[s] }),
  ).join(', ');
  const label = t('coverageMap.mapLabel', { count: located.length, summary });
  const attention = useMemo(
    () =>
      all
        .filter((p) => ATTENTION.includes(p.state as State))
        .sort((a, b) => STATE_ORDER.indexOf(a.state as State) - STATE_ORDER.indexOf(b.state as State))
        .slice(0, ATTENTION_MAX),
    [all],
  );
  const selected = selectedId !== undefined ? all.find((p) => p.id === selectedId) : undefined;
  const missing = all.length - located.length;

  return (
    <div className="coverage-map">
      <LoadFailedAlert show={state.isError} />
      <div className="coverage-map__main card">
        {state.isPending ? <p>{t('coverageMap.loading')}</p> : null}
        {state.data && !useTiles ? (
          <Message
            severity="info"
            className="coverage-map__notice"
            text={tilesFailed ? t('coverageMap.tilesFailed') : t('coverageMap.gridNotice')}
          />
        ) : null}
        {state.data && useTiles ? (
          <Suspense fallback={<p>{t('coverageMap.loading')}</p>}>
            <MapLibre
              tileUrl={tileUrl}
              positions={located}
              onSelect={onSelect}
              onFail={() => setTilesFailed(true)}
              label={label}
            />
          </Suspense>
        ) : null}
        {state.data && !useTiles ? (
          <CoverageGrid positions={located} selectedId={selectedId} onSelect={onSelect} label={label} />
        ) : null}
        {missing > 0 ? (
          <p className="coverage-map__missing">{t('coverageMap.noCoordinates', { count: missing })}</p>
        ) : null}
      </div>
      <aside className="coverage-map__side">
        <div className="card">
          <StateLegend counts={counts} />
        </div>
        {selected ? (
          <section className="card coverage-map__selected" aria-labelledby="coverage-map-selected">
            <h3 id="coverage-map-selected" className="coverage-map__legend-title">
              {t('coverageMap.selected')}
            </h3>
            <p className="coverage-map__selected-name">{`${selected.code} – ${selected.name}`}</p>
            <StateChip state={selected.state as State} />
            <dl>
              <dt>{t('coverageMap.nextDue')}</dt>
              <dd>{selected.next_due ? site.formatDateTime(selected.next_due) : '–'}</dd>
              <dt>{t('coverageMap.lastVisit')}</dt>
              <dd>
                {selected.last_visit ? site.formatDateTime(selected.last_visit) : t('coverageMap.never')}
              </dd>
            </dl>
          </section>
        ) : null}
        <section className="card" aria-labelledby="coverage-map-attention">
          <h3 id="coverage-map-attention" className="coverage-map__legend-title">
            {t('coverageMap.attention')}
          </h3>
          {state.data && attention.length === 0 ? <p>{t('coverageMap.attentionNone')}</p> : null}
          <ul className="coverage-map__attention">
            {attention.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className="coverage-map__attention-item"
                  aria-pressed={p.id === selectedId}
                  onClick={() => onSelect(p.id)}
                >
                  <StateShape state={p.state as State} />
                  <span>{`${p.code} – ${p.name}`}</span>
                  <span className="coverage-map__attention-state">{t(`coverageMap.states.${p.state}`)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      </aside>
    </div>
  );
}
