/**
 * The coverage screen's Floor plans view, loaded on demand: a plan image per building and floor
 * with its positions drawn in their current state (the same shapes, colours and words as the map).
 * With positions.update: add a plan with its image, replace the image, delete the plan (after a
 * confirmation), and arrange positions by dragging them from the list onto the plan or moving
 * placed ones (the keyboard: choose one, then the arrow keys). Every placement is saved when it is
 * dropped.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getFloorPlanImage,
  putFloorPlanPlacements,
  uploadFloorPlanImage,
  useDeleteFloorPlan,
  useListFloorPlans,
} from '../../api/gen/floor-plans/floor-plans.ts';
import type { FloorPlan, FloorPlanPlacement } from '../../api/gen/model';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { LoadFailedAlert } from '../../components/common/load-failed-alert.tsx';
import { dropdownPt } from '../../components/common/select-a11y.ts';
import { useNotify } from '../../components/notify/notify-context.ts';
import type { PositionState as State } from '../../domain/coverage-map.ts';
import { usePermissions } from '../../machines/auth/auth-provider.tsx';
import { usePositionsState } from '../coverage/map/coverage-map-view.tsx';
import { countStates, StateLegend, StateShape } from '../coverage/map/states.tsx';
import { FloorPlanDialog } from './floor-plan-dialog.tsx';
import './floor-plans.css';
import { useQueryClient } from '@tanstack/react-query';

const STEP = 0.01;
const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 10000) / 10000));

/** The plan's image as an object URL (the API needs the bearer token, so no plain src). */
function usePlanImage(plan: FloorPlan | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const key = plan?.has_image ? `${plan.id}:${plan.image_bytes}:${plan.updated_at}` : null;
  const id = plan?.id;
  useEffect(() => {
    setUrl(null);
    setFailed(false);
    if (!key || id === undefined) return;
    let made: string | null = null;
    let live = true;
    getFloorPlanImage(id)
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [key, id]);
  return { url, failed };
}

export default function FloorPlansView({
  planId,
  onPlan,
  selectedId,
  onSelect,
}: {
  planId?: number;
  onPlan: (id: number | undefined) => void;
  selectedId?: number;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const mayChange = can('positions.update');
  const plans = useListFloorPlans({ query: { select: (b) => b.floor_plans } });
  const states = usePositionsState();
  const del = useInvalidatingMutation(useDeleteFloorPlan, [['/floor-plans']]);
  const [adding, setAdding] = useState(false);
  const [arranging, setArranging] = useState(false);
  const [filter, setFilter] = useState('');
  const plan = plans.data?.find((p) => p.id === planId) ?? plans.data?.[0];
  const image = usePlanImage(plan);
  const [placements, setPlacements] = useState<FloorPlanPlacement[]>([]);
  useEffect(() => setPlacements(plan?.placements ?? []), [plan]);
  const byId = useMemo(() => new Map((states.data?.positions ?? []).map((p) => [p.id, p])), [states.data]);
  const placed = placements.filter((p) => byId.has(p.position_id));
  const placedIds = new Set(placed.map((p) => p.position_id));
  const unplaced = (states.data?.positions ?? [])
    .filter((p) => !placedIds.has(p.id))
    .filter((p) => `${p.code} ${p.name}`.toLowerCase().includes(filter.trim().toLowerCase()))
    .slice(0, 50);
  const counts = countStates(placed.flatMap((p) => byId.get(p.position_id) ?? []));
  const surface = useRef<HTMLElement>(null);

  const save = async (next: FloorPlanPlacement[]) => {
    if (!plan) return;
    setPlacements(next);
    try {
      await putFloorPlanPlacements(plan.id, { placements: next });
      await queryClient.invalidateQueries({ queryKey: ['/floor-plans'] });
      notify.success(t('coverageMap.plans.placed'));
    } catch {
      notify.error(t('coverageMap.plans.placeFailed'));
      setPlacements(plan.placements);
    }
  };
  const placeAt = (positionId: number, x: number, y: number) =>
    save([
      ...placements.filter((p) => p.position_id !== positionId),
      { position_id: positionId, x: clamp(x), y: clamp(y) },
    ]);

  // Dragging: a list item or a placed marker, dropped on the plan.
  const [dragging, setDragging] = useState<{ id: number; x: number; y: number } | null>(null);
  const startDrag = (id: number) => (e: PointerEvent<HTMLElement>) => {
    if (!arranging || e.button !== 0) return;
    e.preventDefault();
    setDragging({ id, x: e.clientX, y: e.clientY });
  };
  useEffect(() => {
    if (!dragging) return;
    const move = (e: globalThis.PointerEvent) =>
      setDragging((d) => (d ? { ...d, x: e.clientX, y: e.clientY } : d));
    const up = (e: globalThis.PointerEvent) => {
      const r = surface.current?.getBoundingClientRect();
      const id = dragging.id;
      setDragging(null);
      if (!r || e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom)
        return;
      void placeAt(id, (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up, { once: true });
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
  });
  const nudge = (p: FloorPlanPlacement) => (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!arranging) return;
    const d: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP],
      ArrowDown: [0, STEP],
    };
    const by = d[e.key];
    if (by) {
      e.preventDefault();
      void placeAt(p.position_id, p.x + by[0], p.y + by[1]);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      void save(placements.filter((q) => q.position_id !== p.position_id));
    }
  };

  const replace = useRef<HTMLInputElement>(null);
  const onReplace = async () => {
    const file = replace.current?.files?.[0];
    if (!plan || !file) return;
    try {
      await uploadFloorPlanImage(plan.id, { image: file });
      await queryClient.invalidateQueries({ queryKey: ['/floor-plans'] });
      notify.success(t('coverageMap.plans.saved'));
    } catch {
      notify.error(t('coverageMap.plans.saveFailed'));
    } finally {
      if (replace.current) replace.current.value = '';
    }
  };
  const remove = () =>
    plan &&
    notify.confirm({
      header: t('coverageMap.plans.confirmHeader'),
      message: t('coverageMap.plans.confirmMessage', { name: plan.plan_name }),
      danger: true,
      onAccept: async () => {
        try {
          await del.mutateAsync({ id: plan.id });
          onPlan(undefined);
          notify.success(t('coverageMap.plans.deleted'));
        } catch {
          notify.error(t('coverageMap.plans.saveFailed'));
        }
      },
    });
  const title = (p: FloorPlan) => [p.plan_name, p.building, p.floor].filter(Boolean).join(' · ');

  return (
    <div className="floor-plans">
      <LoadFailedAlert show={plans.isError || states.isError} />
      <div className="card floor-plans__bar">
        {plans.data && plans.data.length > 0 ? (
          <div className="floor-plans__choose">
            <label htmlFor="floor-plan-choose">{t('coverageMap.plans.choose')}</label>
            <Dropdown
              inputId="floor-plan-choose"
              value={plan?.id ?? null}
              options={plans.data.map((p) => ({ value: p.id, label: title(p) }))}
              onChange={(e) => onPlan(e.value ?? undefined)}
              pt={dropdownPt(t('coverageMap.plans.choose'))}
            />
          </div>
        ) : plans.data ? (
          <p>{t('coverageMap.plans.none')}</p>
        ) : null}
        {mayChange ? (
          <div className="floor-plans__actions">
            <Button
              type="button"
              icon="pi pi-plus"
              label={t('coverageMap.plans.add')}
              onClick={() => setAdding(true)}
            />
            {plan ? (
              <>
                <Button
                  type="button"
                  outlined
                  icon={arranging ? 'pi pi-check' : 'pi pi-arrows-alt'}
                  label={arranging ? t('coverageMap.plans.done') : t('coverageMap.plans.edit')}
                  aria-pressed={arranging}
                  onClick={() => setArranging((a) => !a)}
                />
                <Button
                  type="button"
                  outlined
                  icon="pi pi-image"
                  label={t('coverageMap.plans.replaceImage')}
                  onClick={() => replace.current?.click()}
                />
                <input
                  ref={replace}
                  type="file"
                  hidden
                  accept="image/jpeg,image/png,image/webp"
                  aria-label={t('coverageMap.plans.replaceImage')}
                  onChange={onReplace}
                />
                <Button
                  type="button"
                  outlined
                  severity="danger"
                  icon="pi pi-trash"
                  label={t('coverageMap.plans.delete')}
                  onClick={remove}
                />
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      {plan ? (
        <div className="floor-plans__body">
          <div className="card floor-plans__main">
            {!plan.has_image ? <p>{t('coverageMap.plans.noImage')}</p> : null}
            {image.failed ? <p>{t('coverageMap.plans.imageFailed')}</p> : null}
            {image.url ? (
              <section
                className={`floor-plans__surface${arranging ? ' floor-plans__surface--arranging' : ''}`}
                ref={surface}
                aria-label={t('coverageMap.plans.planLabel', { name: title(plan), count: placed.length })}
              >
                <img src={image.url} alt="" draggable={false} />
                {placed.map((p) => {
                  const pos = byId.get(p.position_id);
                  if (!pos) return null;
                  const state = pos.state as State;
                  return (
                    <button
                      key={p.position_id}
                      type="button"
                      className="floor-plans__marker"
                      data-position-id={p.position_id}
                      data-state={state}
                      aria-pressed={p.position_id === selectedId}
                      aria-label={t('coverageMap.plans.marker', {
                        name: `${pos.code} – ${pos.name}`,
                        state: t(`coverageMap.states.${state}`),
                      })}
                      style={{ left: `${p.x * 100}%`, top: `${p.y * 100}%` }}
                      onPointerDown={startDrag(p.position_id)}
                      onKeyDown={nudge(p)}
                      onClick={() => !arranging && onSelect(p.position_id)}
                    >
                      <StateShape state={state} size={18} />
                      <span className="floor-plans__marker-code" aria-hidden="true">
                        {pos.code}
                      </span>
                    </button>
                  );
                })}
              </section>
            ) : null}
          </div>
          <aside className="floor-plans__side">
            <div className="card">
              <StateLegend counts={counts} />
            </div>
            {arranging ? (
              <section className="card" aria-labelledby="floor-plans-unplaced">
                <h3 id="floor-plans-unplaced" className="coverage-map__legend-title">
                  {t('coverageMap.plans.unplaced')}
                </h3>
                <p className="floor-plans__hint">{t('coverageMap.plans.unplacedHint')}</p>
                <InputText
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                  aria-label={t('coverageMap.plans.search')}
                  placeholder={t('coverageMap.plans.search')}
                  className="floor-plans__search"
                />
                <ul className="floor-plans__unplaced">
                  {unplaced.map((p) => (
                    <li key={p.id}>
                      <button
                        type="button"
                        className="coverage-map__attention-item floor-plans__unplaced-item"
                        data-position-id={p.id}
                        aria-label={t('coverageMap.plans.place', { name: `${p.code} – ${p.name}` })}
                        onPointerDown={startDrag(p.id)}
                        onClick={(e) => {
                          // A keyboard press places it in the middle, to be moved with the arrows.
                          if (e.detail === 0) void placeAt(p.id, 0.5, 0.5);
                        }}
                      >
                        <StateShape state={p.state as State} />
                        <span>{`${p.code} – ${p.name}`}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </aside>
        </div>
      ) : null}
      {dragging ? (
        <div className="floor-plans__ghost" style={{ left: dragging.x, top: dragging.y }} aria-hidden="true">
          <StateShape state={(byId.get(dragging.id)?.state ?? 'no_schedule') as State} size={18} />
        </div>
      ) : null}
      <FloorPlanDialog
        visible={adding}
        onHide={() => setAdding(false)}
        onSaved={async (made) => {
          setAdding(false);
          await queryClient.invalidateQueries({ queryKey: ['/floor-plans'] });
          onPlan(made.id);
          notify.success(t('coverageMap.plans.saved'));
        }}
      />
    </div>
  );
}
