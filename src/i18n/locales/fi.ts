import { areaTexts } from '../areas/index.ts';
import { fiCore } from './core-fi.ts';
import type { Translation } from './en.ts';

export const fi: Translation = { ...fiCore, ...areaTexts('fi') };
