/**
 * The map on the site's base map, with MapLibre GL, loaded only when a tile URL is set and the Map
 * view is open (its ~250 KB never weigh on the console's first load). Positions are a GeoJSON
 * source clustered when zoomed out (MapLibre's own clustering); a cluster counts each state, takes
 * its worst one's colour, and zooms in on click; a position is drawn with its state's shape and
 * colour (images drawn here, so no glyph or sprite server is needed) and selects on click. When the
 * style or its tiles fail (offline, a wrong address, a CSP that does not allow the tile host),
 * onFail hands over to the plain grid.
 *
 * The CSP build runs its worker from a file of this origin (worker-src 'self').
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import maplibregl, { type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import { useEffect, useRef } from 'react';
import type { PositionState } from '../../../api/gen/model';
import { type PositionState as State, tileUrlKind } from '../../../domain/coverage-map.ts';
import { STATE_COLOURS, STATE_ORDER, shapePath } from './states.tsx';

maplibregl.setWorkerUrl(workerUrl);

type Located = PositionState & { lat: number; lng: number };

function styleOf(tileUrl: string): maplibregl.StyleSpecification | string {
  if (tileUrlKind(tileUrl) === 'style') return tileUrl;
  return {
    version: 8,
    sources: { base: { type: 'raster', tiles: [tileUrl], tileSize: 256, maxzoom: 19 } },
    layers: [{ id: 'base', type: 'raster', source: 'base' }],
  };
}

/** The state's shape as an image for a symbol layer. */
function shapeImage(state: State, size = 24): ImageData {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
  ctx.translate(size / 2, size / 2);
  const path = new Path2D(shapePath(state, size / 2 - 4));
  ctx.fillStyle = STATE_COLOURS[state];
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 2;
  ctx.stroke(path);
  ctx.fill(path, 'evenodd');
  return ctx.getImageData(0, 0, size, size);
}

const geojson = (positions: readonly Located[]) => ({
  type: 'FeatureCollection' as const,
  features: positions.map((p) => ({
    type: 'Feature' as const,
    id: p.id,
    geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
    properties: { id: p.id, state: p.state, rank: STATE_ORDER.indexOf(p.state as State) },
  })),
});

export default function CoverageMapLibre({
  tileUrl,
  positions,
  onSelect,
  onFail,
  label,
}: {
  tileUrl: string;
  positions: readonly Located[];
  onSelect: (id: number) => void;
  onFail: () => void;
  label: string;
}) {
  const box = useRef<HTMLElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const latest = useRef({ positions, onSelect, onFail });
  latest.current = { positions, onSelect, onFail };

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    const m = new maplibregl.Map({
      container,
      style: styleOf(tileUrl),
      attributionControl: { compact: true },
    });
    map.current = m;
    m.addControl(new maplibregl.NavigationControl({ showCompass: false }));
    let failures = 0;
    let loadedTile = false;
    m.on('error', () => {
      failures += 1;
      // The style failed, or tiles keep failing with none loaded: no base map to show.
      if (!m.isStyleLoaded() || (!loadedTile && failures >= 3)) latest.current.onFail();
    });
    m.on('sourcedata', (e) => {
      if (e.sourceId !== 'positions' && e.tile) loadedTile = true;
    });
    m.on('load', () => {
      for (const s of STATE_ORDER) m.addImage(`state-${s}`, shapeImage(s), { pixelRatio: 1 });
      m.addSource('positions', {
        type: 'geojson',
        data: geojson(latest.current.positions),
        cluster: true,
        clusterRadius: 40,
        clusterMaxZoom: 16,
        // The worst state among a cluster's members (the lowest rank).
        clusterProperties: { worst: ['min', ['get', 'rank']] },
      });
      const worstColour: maplibregl.ExpressionSpecification = [
        'match',
        ['get', 'worst'],
        ...STATE_ORDER.flatMap((s, i) => [i, STATE_COLOURS[s]]),
        STATE_COLOURS.no_schedule,
      ] as unknown as maplibregl.ExpressionSpecification;
      m.addLayer({
        id: 'clusters',
        type: 'circle',
        source: 'positions',
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': '#ffffff',
          'circle-stroke-color': worstColour,
          'circle-stroke-width': 4,
          'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 100, 24, 1000, 30],
        },
      });
      m.addLayer({
        id: 'cluster-worst',
        type: 'symbol',
        source: 'positions',
        filter: ['has', 'point_count'],
        layout: {
          'icon-image': [
            'match',
            ['get', 'worst'],
            ...STATE_ORDER.flatMap((s, i) => [i, `state-${s}`]),
            'state-no_schedule',
          ] as unknown as maplibregl.ExpressionSpecification,
          'icon-allow-overlap': true,
        },
      });
      m.addLayer({
        id: 'points',
        type: 'symbol',
        source: 'positions',
        filter: ['!', ['has', 'point_count']],
        layout: {
          'icon-image': ['concat', 'state-', ['get', 'state']],
          'icon-allow-overlap': true,
        },
      });
      const bounds = new maplibregl.LngLatBounds();
      for (const p of latest.current.positions) bounds.extend([p.lng, p.lat]);
      if (!bounds.isEmpty()) m.fitBounds(bounds, { padding: 40, duration: 0, maxZoom: 17 });
    });
    m.on('click', 'clusters', async (e) => {
      const feature = e.features?.[0];
      if (!feature) return;
      const source = m.getSource('positions') as GeoJSONSource;
      const zoom = await source.getClusterExpansionZoom(feature.properties.cluster_id as number);
      m.easeTo({
        center: (feature.geometry as unknown as { coordinates: [number, number] }).coordinates,
        zoom,
      });
    });
    m.on('click', 'points', (e) => {
      const id = e.features?.[0]?.properties.id;
      if (typeof id === 'number') latest.current.onSelect(id);
    });
    for (const layer of ['clusters', 'points']) {
      m.on('mouseenter', layer, () => {
        m.getCanvas().style.cursor = 'pointer';
      });
      m.on('mouseleave', layer, () => {
        m.getCanvas().style.cursor = '';
      });
    }
    return () => {
      m.remove();
      map.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    const source = map.current?.getSource('positions') as GeoJSONSource | undefined;
    source?.setData(geojson(positions));
  }, [positions]);

  return <section ref={box} className="coverage-maplibre" aria-label={label} />;
}
