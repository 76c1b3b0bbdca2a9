/** Renders the access-denied alert instead of a screen when the route's guard said so. */
import { useRouteContext } from '@tanstack/react-router';
import { Message } from 'primereact/message';
import type { ComponentType, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export function AccessDenied() {
  const { t } = useTranslation();
  return <Message severity="error" text={t('errors.accessDenied')} role="alert" className="w-full" />;
}

export function withAccessGate(Screen: ComponentType): () => ReactElement {
  function AccessGate() {
    const context = useRouteContext({ strict: false }) as { accessDenied?: boolean };
    return context.accessDenied ? <AccessDenied /> : <Screen />;
  }
  AccessGate.displayName = `AccessGate(${Screen.displayName ?? Screen.name ?? 'Screen'})`;
  return AccessGate;
}
