/**
 * The field app's root: the session decides what shows. Signed out, the page goes to the
 * console's sign-in page, which brings the worker back to this address afterwards; signed in
 * without `work_entries.create`, to the console. Else the frame and the screen of the path.
 */
import { useEffect } from 'react';
import { FullScreenLoading } from '../components/guards/full-screen-loading.tsx';
import { useAuth, usePermissions } from '../machines/auth/auth-provider.tsx';
import { FieldLayout } from './field-layout.tsx';
import { matchFieldPath, navigate, usePathname } from './field-router.tsx';
import { HomeScreen } from './screens/home-screen.tsx';
import { PositionScreen } from './screens/position-screen.tsx';
import { TagScreen } from './screens/tag-screen.tsx';

function Screen({ pathname }: { pathname: string }) {
  const route = matchFieldPath(pathname);
  useEffect(() => {
    if (route.name === 'unknown') navigate('/field', { replace: true });
  }, [route.name]);
  if (route.name === 'tag') return <TagScreen tag={route.tag} />;
  if (route.name === 'position') return <PositionScreen id={route.id} />;
  if (route.name === 'home') return <HomeScreen />;
  return null;
}

export function FieldApp() {
  const { status } = useAuth();
  const { can } = usePermissions();
  const pathname = usePathname();
  const allowed = status === 'signedIn' && can('work_entries.create');
  useEffect(() => {
    if (status === 'signedOut') {
      const here = location.pathname + location.search + location.hash;
      location.replace(`/login?redirect=${encodeURIComponent(here)}`);
    } else if (status === 'signedIn' && !allowed) location.replace('/');
  }, [status, allowed]);
  if (!allowed) return <FullScreenLoading />;
  return (
    <FieldLayout>
      <Screen pathname={pathname} />
    </FieldLayout>
  );
}
