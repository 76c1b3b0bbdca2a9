/** Renders the access-denied alert instead of a screen when the route's guard said so. */
import { useRouteContext } from '@tanstack/react-router';
import type { ComponentType, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineMessage } from '../common/inline-message.tsx';

export function AccessDenied() {
  const { t } = useTranslation();
  return <InlineMessage severity="error" text={t('errors.accessDenied')} className="w-full" />;
}

export function withAccessGate(Screen: ComponentType): () => ReactElement {
  function AccessGate() {
    const context = useRouteContext({ strict: false }) as { accessDenied?: boolean };
    return context.accessDenied ? <AccessDenied /> : <Screen />;
  }
  AccessGate.displayName = `AccessGate(${Screen.displayName ?? Screen.name ?? 'Screen'})`;
  return AccessGate;
}
