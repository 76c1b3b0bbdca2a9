/** The coverage screen's views: the report, the map, the floor plans; kept in the URL. */
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';

export const COVERAGE_VIEWS = ['report', 'map', 'plans'] as const;
export type CoverageView = (typeof COVERAGE_VIEWS)[number];

/** Loaded when first shown: neither weighs on the report (nor on the console's first load). */
export const CoverageMapView = lazy(() => import('./coverage-map-view.tsx'));
export const FloorPlansView = lazy(() => import('../../floor-plans/floor-plans-view.tsx'));

const ICONS: Record<CoverageView, string> = {
  report: 'pi pi-chart-bar',
  map: 'pi pi-map',
  plans: 'pi pi-building',
};

export function ViewSwitch({
  value,
  onChange,
}: {
  value: CoverageView;
  onChange: (view: CoverageView) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="coverage-view-switch coverage__no-print">
      <legend className="sr-only">{t('coverageMap.views.label')}</legend>
      {COVERAGE_VIEWS.map((v) => (
        <button
          key={v}
          type="button"
          className={`p-button p-button-sm${v === value ? '' : ' p-button-outlined'}`}
          aria-pressed={v === value}
          onClick={() => onChange(v)}
        >
          <i className={`${ICONS[v]} p-button-icon-left`} aria-hidden="true" />
          <span className="p-button-label">{t(`coverageMap.views.${v}`)}</span>
        </button>
      ))}
    </fieldset>
  );
}
