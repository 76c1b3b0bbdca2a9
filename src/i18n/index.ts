/**
 * i18next with every text: the console's own (core.ts) and every screen area's. Tests and tools
 * import this; the console itself starts with core.ts and adds the areas with the app shell.
 */
import { addAreaTexts } from './area-texts.ts';
import i18n from './core.ts';

addAreaTexts();

export default i18n;
