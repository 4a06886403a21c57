// What the user add form starts with.
import type { Role } from '../../services/api';

/** The role a new user starts with, the one registration gives: "Survey author" (server models.RoleUser). */
export const DEFAULT_ROLE_CODE = 'DWSURVEY_USER';

/** The role ids the add form preselects (removable): the default author role, when it exists. */
export function defaultRoleIds(roles: Pick<Role, 'id' | 'code'>[] | undefined): string[] {
  return (roles ?? []).filter((r) => r.code === DEFAULT_ROLE_CODE).map((r) => r.id);
}
