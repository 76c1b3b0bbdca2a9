import { isApiError } from '../../api/api-error.ts';
import { useNotify } from '../../components/notify/notify-context.ts';

export interface NotifiedTexts {
  success: string;
  /** For a 409: the member or access exists already (or the manager cannot be removed). */
  conflict: string;
  failure: string;
}

/**
 * Runs a member or access change and says how it went in a toast: the success text, the clash
 * when the server answers 409, or the failure. Never rejects; resolves whether it worked.
 */
export function useNotifiedAction() {
  const notify = useNotify();
  return async (action: () => Promise<unknown>, texts: NotifiedTexts): Promise<boolean> => {
    try {
      await action();
      notify.success(texts.success);
      return true;
    } catch (error) {
      notify.error(isApiError(error) && error.status === 409 ? texts.conflict : texts.failure);
      return false;
    }
  };
}
