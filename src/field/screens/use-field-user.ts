import { useAuth } from '../../machines/auth/auth-provider.tsx';

/** The signed-in worker's id (the field routes are signed-in only). */
export function useFieldUser(): number {
  const { user } = useAuth();
  return user?.id ?? 0;
}
