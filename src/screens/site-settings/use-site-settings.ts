/**
 * Moved to components/common so kit components (DateCell) can use it. This re-export keeps the
 * work-entries screen, still being written against the old path, building; drop it once that
 * screen imports from components/common.
 */
export { type SiteDisplay, useSiteSettings } from '../../components/common/use-site-settings.ts';
