/**
 * Schemas referenced by $id that belong to no one resource (the error body, the plain message).
 * Each resource's own shared schemas are declared with it in routes/index.ts (API_RESOURCES),
 * which adds these first (SHARED_SCHEMAS).
 */
import { ErrorBody, ErrorDetail, MessageResponse } from './common.ts';

export const COMMON_SCHEMAS = [ErrorDetail, ErrorBody, MessageResponse];
