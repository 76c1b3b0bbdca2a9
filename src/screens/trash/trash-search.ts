/**
 * The Trash screen's URL state: the kind of record shown and the page, so a filtered view is a
 * link and survives a reload. Kept apart from the screen so the registry imports it alone.
 */
import { enumParam, idParam } from '../../components/routing/search-params.ts';
import { TRASH_TYPES } from '../../domain/trash.ts';

export const validateTrashSearch = (search: Record<string, unknown>) => ({
  entity_type: enumParam(search.entity_type, TRASH_TYPES),
  /** One-based page; absent is the first. */
  page: idParam(search.page),
});

export type TrashSearch = ReturnType<typeof validateTrashSearch>;
