import type { AxiosRequestConfig } from 'axios';

/**
 * The version an edit dialog loaded, for its save (optimistic concurrency): while `run`
 * is in flight, the first PUT or PATCH it sends carries `If-Match: "<version>"`, and the server
 * refuses it with 409 EDIT_CONFLICT if the record changed since. The generated calls take no
 * headers per call, so the dialog kit (useDialogForm) hands the version over here.
 */
let editVersion: { version: string } | null = null;

export async function savingOver<T>(version: string | null | undefined, run: () => Promise<T>): Promise<T> {
  if (!version) return run();
  const mine = { version };
  editVersion = mine;
  try {
    return await run();
  } finally {
    if (editVersion === mine) editVersion = null;
  }
}

/** The request with the pending version's If-Match, when it is the first PUT or PATCH of the save. */
export function withEditVersion(config: AxiosRequestConfig): AxiosRequestConfig {
  const method = (config.method ?? 'get').toLowerCase();
  if (!editVersion || (method !== 'put' && method !== 'patch')) return config;
  const { version } = editVersion;
  editVersion = null;
  return { ...config, headers: { ...(config.headers as object), 'If-Match': `"${version}"` } };
}
