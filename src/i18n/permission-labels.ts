/**
 * How the roles screen names a permission area: by its screen area's own `permissionArea` text
 * (position_groups → positionGroups.permissionArea), so a new resource's permission area is named
 * in the resource's own text file. The areas no screen area stands for (analytics, system, and
 * roles, which the roles screen's texts name) keep their names in `rolesScreen.categories`.
 * A permission area named in neither place is a key the type refuses, so its t() call does not compile.
 */
import type { PermissionArea } from '../domain/permissions.ts';
import { AREAS, type Areas } from './areas/index.ts';

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

type OwnLabel<A extends string> =
  Camel<A> extends keyof Areas
    ? Areas[Camel<A>]['en'] extends { permissionArea: string }
      ? `${Camel<A>}.permissionArea`
      : never
    : never;

export type PermissionAreaLabel<A extends PermissionArea = PermissionArea> = A extends PermissionArea
  ? [OwnLabel<A>] extends [never]
    ? `rolesScreen.categories.${A}`
    : OwnLabel<A>
  : never;

const camel = (area: string) => area.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());

export function permissionAreaLabel<A extends PermissionArea>(area: A): PermissionAreaLabel<A> {
  const own = (AREAS as unknown as Record<string, { en: object } | undefined>)[camel(area)];
  const label =
    own && 'permissionArea' in own.en ? `${camel(area)}.permissionArea` : `rolesScreen.categories.${area}`;
  return label as PermissionAreaLabel<A>;
}
