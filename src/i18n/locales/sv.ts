import { areaTexts } from '../areas/index.ts';
import { svCore } from './core-sv.ts';
import type { Translation } from './en.ts';

export const sv: Translation = { ...svCore, ...areaTexts('sv') };
