/** Renders the access-denied alert instead of a screen when the route's guard said so. */
import { useLocation, useRouteContext } from '@tanstack/react-router';
import { type ComponentType, type ReactElement, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineMessage } from '../common/inline-message.tsx';
import { useFocusHeadingOnArrival } from '../layout/use-focus-heading.ts';
import { takeDenied } from './denied-notice.ts';

export function AccessDenied() {
  const { t } = useTranslation();
  return <InlineMessage severity="error" text={t('errors.accessDenied')} className="w-full" />;
}

/**
 * The access-denied text, once, on the page a forbidden one redirected to; the next navigation
 * takes it away.
 */
export function AccessDeniedNotice() {
  const { t } = useTranslation();
  // Each navigation's own key: a redirect back to the page already shown is an arrival too.
  const arrival = useLocation({ select: (l) => l.state.__TSR_key ?? l.state.key ?? l.href });
  const [shown, setShown] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on each arrival.
  useEffect(() => setShown(takeDenied()), [arrival]);
  return shown ? (
    <InlineMessage severity="error" text={t('errors.accessDenied')} className="w-full denied-notice" />
  ) : null;
}

export function withAccessGate(Screen: ComponentType): () => ReactElement {
  function AccessGate() {
    useFocusHeadingOnArrival();
    const context = useRouteContext({ strict: false }) as { accessDenied?: boolean };
    return context.accessDenied ? <AccessDenied /> : <Screen />;
  }
  AccessGate.displayName = `AccessGate(${Screen.displayName ?? Screen.name ?? 'Screen'})`;
  return AccessGate;
}
