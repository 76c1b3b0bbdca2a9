/**
 * The positions screen's URL state: the search text and the inactive switch, so a reload or a
 * shared link shows the same list. Kept apart from the screen so the registry can import it
 * without pulling the screen's chunk.
 */
import { booleanParam, textParam } from '../../components/routing/search-params.ts';

export const validatePositionsSearch = (search: Record<string, unknown>) => ({
  /** Show inactive positions too (a switch; hidden by default). */
  inactive: booleanParam(search.inactive),
  /** Text within the code, name or NFC tag id. */
  q: textParam(search.q, 100),
});

export type PositionsSearch = ReturnType<typeof validatePositionsSearch>;
