import type { ErrorBody, ErrorDetail } from '../../api/gen/model';
import { formMessage } from './form-message.ts';

/**
 * The ErrorBody of a failed call: the http client's ApiError carries it as `body`; a bare axios
 * error as `response.data`. Read structurally so screens do not depend on the error class.
 */
export function errorBodyOf(error: unknown): ErrorBody | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const candidate =
    (error as { body?: unknown }).body ?? (error as { response?: { data?: unknown } }).response?.data;
  if (candidate && typeof candidate === 'object' && 'message' in candidate) return candidate as ErrorBody;
  return undefined;
}

export function errorDetailsOf(error: unknown): ErrorDetail[] {
  return errorBodyOf(error)?.details ?? [];
}

/**
 * A server validation detail as an encoded form message: known rules become the generic
 * translated messages, anything else keeps the server's text.
 */
export function detailToFormMessage(detail: ErrorDetail, overrides: Record<string, string> = {}): string {
  const rule = detail.rule ?? '';
  if (overrides[rule]) return overrides[rule];
  const params = detail.params ?? {};
  switch (rule) {
    case 'required':
      return formMessage('validation.required');
    case 'email':
    case 'format':
      return formMessage('validation.email');
    case 'minLength':
      return params.min !== undefined
        ? formMessage('validation.minLength', { min: params.min })
        : detail.message;
    case 'maxLength':
      return params.max !== undefined
        ? formMessage('validation.maxLength', { max: params.max })
        : detail.message;
    default:
      return detail.message;
  }
}
