import { areaTexts } from '../areas/index.ts';
import type { Widen } from '../define-area.ts';
import { enCore } from './core-en.ts';

/** English is the source language: its shape is the type every other language must match. */
export const en = { ...enCore, ...areaTexts('en') } as const;

/** The shape every translation must have: the English keys, with any text as value. */
export type Translation = Widen<typeof en>;
