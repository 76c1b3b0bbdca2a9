/**
 * The map without a base map: positions on a plain grid by their coordinates, an SVG with no tiles,
 * so it works offline and with no setting. Nearby positions are clustered into one mark (its count,
 * the colour and shape of its worst state) whenever they would overlap at the current zoom, so
 * 10,000 positions draw at most a few hundred marks; a cluster's click zooms in on it, a position's
 * click selects it. Dragging pans; the buttons (and the wheel) zoom.
 */
import { Button } from 'primereact/button';
import { type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PositionState } from '../../../api/gen/model';
import type { PositionState as State } from '../../../domain/coverage-map.ts';
import { STATE_COLOURS, STATE_ORDER, shapePath } from './states.tsx';

type Located = PositionState & { lat: number; lng: number };

/** A mark's cell in screen pixels: closer positions are one cluster. */
const CELL = 30;
const PAD = 24;
const MAX_ZOOM = 4096;

interface View {
  zoom: number;
  /** The centre, in projected units. */
  cx: number;
  cy: number;
}

const rank = (s: State) => STATE_ORDER.indexOf(s);

export function CoverageGrid({
  positions,
  selectedId,
  onSelect,
  label,
}: {
  positions: readonly Located[];
  selectedId?: number;
  onSelect: (id: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  const height = Math.round(Math.min(560, Math.max(300, width * 0.6)));
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(240, Math.floor(el.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Equirectangular, shrunk east–west by the cosine of the mean latitude: true shapes locally.
  const projected = useMemo(() => {
    const meanLat = positions.reduce((s, p) => s + p.lat, 0) / Math.max(1, positions.length);
    const k = Math.cos((meanLat * Math.PI) / 180);
    return positions.map((p) => ({ p, x: p.lng * k, y: -p.lat }));
  }, [positions]);
  const bounds = useMemo(() => {
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const { x, y } of projected) {
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    if (!Number.isFinite(minX)) [minX, minY, maxX, maxY] = [0, 0, 1, 1];
    return { minX, minY, maxX, maxY };
  }, [projected]);
  /** Pixels per projected unit at zoom 1: everything fits. */
  const base = useMemo(() => {
    const w = Math.max(bounds.maxX - bounds.minX, 1e-6);
    const h = Math.max(bounds.maxY - bounds.minY, 1e-6);
    return Math.min((width - 2 * PAD) / w, (height - 2 * PAD) / h);
  }, [bounds, width, height]);
  const home: View = useMemo(
    () => ({ zoom: 1, cx: (bounds.minX + bounds.maxX) / 2, cy: (bounds.minY + bounds.maxY) / 2 }),
    [bounds],
  );
  const [view, setView] = useState<View>(home);
  useEffect(() => setView(home), [home]);
  const scale = base * view.zoom;

  const marks = useMemo(() => {
    const cells = new Map<string, { items: Located[]; sx: number; sy: number; worst: State }>();
    for (const { p, x, y } of projected) {
      const sx = (x - view.cx) * scale + width / 2;
      const sy = (y - view.cy) * scale + height / 2;
      if (sx < -CELL || sy < -CELL || sx > width + CELL || sy > height + CELL) continue;
      const key = `${Math.floor(sx / CELL)}:${Math.floor(sy / CELL)}`;
      const cell = cells.get(key);
      if (cell) {
        cell.items.push(p);
        cell.sx += sx;
        cell.sy += sy;
        if (rank(p.state as State) < rank(cell.worst)) cell.worst = p.state as State;
      } else cells.set(key, { items: [p], sx, sy, worst: p.state as State });
    }
    return [...cells.values()].map((c) => ({ ...c, sx: c.sx / c.items.length, sy: c.sy / c.items.length }));
  }, [projected, view, scale, width, height]);

  const zoomBy = (factor: number, at?: [number, number]) =>
    setView((v) => {
      const zoom = Math.min(MAX_ZOOM, Math.max(1, v.zoom * factor));
      if (!at) return { ...v, zoom };
      // Keep the point under the cursor where it is.
      const [px, py] = at;
      const wx = v.cx + (px - width / 2) / (base * v.zoom);
      const wy = v.cy + (py - height / 2) / (base * v.zoom);
      return { zoom, cx: wx - (px - width / 2) / (base * zoom), cy: wy - (py - height / 2) / (base * zoom) };
    });

  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    drag.current = { x: e.clientX, y: e.clientY, moved: false };
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (!d || e.buttons === 0) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
    d.moved = true;
    d.x = e.clientX;
    d.y = e.clientY;
    setView((v) => ({ ...v, cx: v.cx - dx / (base * v.zoom), cy: v.cy - dy / (base * v.zoom) }));
  };
  const moved = () => drag.current?.moved === true;
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      zoomBy(e.deltaY < 0 ? 1.5 : 1 / 1.5, [e.clientX - r.left, e.clientY - r.top]);
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  });

  const gridLines = [];
  for (let x = 0; x <= width; x += 60)
    gridLines.push(<line key={`x${x}`} x1={x} x2={x} y1={0} y2={height} />);
  for (let y = 0; y <= height; y += 60)
    gridLines.push(<line key={`y${y}`} x1={0} x2={width} y1={y} y2={y} />);

  return (
    <div className="coverage-grid" ref={box}>
      <div className="coverage-grid__tools">
        <Button
          type="button"
          icon="pi pi-plus"
          outlined
          aria-label={t('coverageMap.zoomIn')}
          onClick={() => zoomBy(2)}
        />
        <Button
          type="button"
          icon="pi pi-minus"
          outlined
          aria-label={t('coverageMap.zoomOut')}
          onClick={() => zoomBy(0.5)}
          disabled={view.zoom <= 1}
        />
        <Button
          type="button"
          icon="pi pi-expand"
          outlined
          aria-label={t('coverageMap.resetView')}
          onClick={() => setView(home)}
        />
      </div>
      <svg
        ref={svg}
        className="coverage-grid__svg"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={label}
        data-marks={marks.length}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          setTimeout(() => {
            drag.current = null;
          });
        }}
      >
        <g className="coverage-grid__lines">{gridLines}</g>
        {marks.map((m) => {
          if (m.items.length === 1) {
            const p = m.items[0];
            const state = p.state as State;
            const selected = p.id === selectedId;
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the keyboard's way to a position is the list beside the map and the report.
              <g
                key={p.id}
                className="coverage-grid__mark"
                data-position-id={p.id}
                data-state={state}
                transform={`translate(${m.sx.toFixed(1)} ${m.sy.toFixed(1)})`}
                onClick={() => !moved() && onSelect(p.id)}
              >
                <title>{`${p.code} – ${p.name}: ${t(`coverageMap.states.${state}`)}`}</title>
                {selected ? <circle r={13} className="coverage-grid__selected" /> : null}
                <path
                  d={shapePath(state, 7)}
                  fill={STATE_COLOURS[state]}
                  fillRule="evenodd"
                  stroke="#fff"
                  strokeWidth={1.5}
                />
              </g>
            );
          }
          const r = Math.min(22, 10 + Math.log10(m.items.length) * 5);
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the zoom buttons do the same from the keyboard.
            <g
              key={`c${m.items[0].id}`}
              className="coverage-grid__cluster"
              data-state={m.worst}
              data-count={m.items.length}
              transform={`translate(${m.sx.toFixed(1)} ${m.sy.toFixed(1)})`}
              onClick={() => {
                if (moved()) return;
                const [x, y] = [m.sx, m.sy];
                zoomBy(3, [x, y]);
              }}
            >
              <title>
                {t('coverageMap.cluster', {
                  count: m.items.length,
                  state: t(`coverageMap.states.${m.worst}`),
                })}
              </title>
              <circle r={r} fill="#fff" stroke={STATE_COLOURS[m.worst]} strokeWidth={3} />
              <path
                d={shapePath(m.worst, 4)}
                transform={`translate(0 ${-r * 0.45})`}
                fill={STATE_COLOURS[m.worst]}
                fillRule="evenodd"
              />
              <text
                y={r * 0.45}
                textAnchor="middle"
                dominantBaseline="middle"
                className="coverage-grid__count"
              >
                {m.items.length}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
