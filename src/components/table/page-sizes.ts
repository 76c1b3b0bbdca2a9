/** Spec §9: table page sizes 5, 10, 25 and 50; default 10. */
export const PAGE_SIZES = [5, 10, 25, 50];
export const DEFAULT_PAGE_SIZE = 10;
