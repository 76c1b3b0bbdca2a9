/**
 * A route guard's note that it just sent the user away from a page they may not open, read once
 * by the page they land on (AccessDeniedNotice): a forbidden link no longer bounces silently.
 */
let pending = false;

export function noteDenied(): void {
  pending = true;
}

/** Whether a redirect was noted since the last call; clears the note. */
export function takeDenied(): boolean {
  const was = pending;
  pending = false;
  return was;
}
