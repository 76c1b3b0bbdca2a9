/**
 * App-level toasts and confirmations (useNotify): one <Toast> and one <ConfirmDialog> mounted by
 * NotifyProvider in the app shell, so screens never mount their own and every message looks and
 * sits the same.
 */
import { createContext, useContext } from 'react';

export interface ConfirmOptions {
  header: string;
  message: string;
  /** Defaults to 'Delete' when danger, else 'Yes'. */
  acceptLabel?: string;
  /** A destructive action: red accept button, with focus on Cancel. */
  danger?: boolean;
  /** Runs after the dialog closed; its own errors are the caller's to report (notify.error). */
  onAccept: () => void | Promise<void>;
}

export interface Notify {
  success(text: string): void;
  info(text: string): void;
  error(text: string): void;
  /**
   * A success toast with an Undo button, offered for UNDO_MS (src/domain/trash.ts); the button
   * runs `onUndo` once and closes the toast. Its own errors are the caller's to report.
   */
  undo(text: string, onUndo: () => void | Promise<void>): void;
  confirm(options: ConfirmOptions): void;
}

export const NotifyContext = createContext<Notify | null>(null);

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used inside <NotifyProvider> (the app shell mounts it)');
  return notify;
}
