/** The page sizes every table offers, and the one it starts on. */
export const PAGE_SIZES = [5, 10, 25, 50];
export const DEFAULT_PAGE_SIZE = 10;
