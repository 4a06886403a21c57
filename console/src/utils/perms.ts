// Texts the server seeds in English (models/permissions.go): the permission catalogue, its
// groups and the two system roles. The console shows them in its own language, chosen by the
// stable code (admin.perm.name.<code>, admin.perm.group.<group>, admin.role.name|note.<code>);
// anything else (roles made by administrators, a permission newer than this list) keeps the
// server's text.

type F = (id: string) => string;

/** The codes of models.PermissionCatalog (tests/perms.test.ts keeps them in step). */
export const PERM_CODES = [
  'survey:manage',
  'survey:data',
  'admin:user',
  'admin:dept',
  'admin:role',
  'admin:log',
  'admin:site',
  'admin:workflow',
  'admin:template',
  'admin:survey',
  'admin:cascade',
  'admin:notice',
  'admin:app',
  'admin:style',
  'admin:dashboard',
] as const;

/** The permission groups of the catalogue. */
export const PERM_GROUPS = ['survey', 'admin', 'system'] as const;

/** models.SystemRoles: id (fixed by migrate) -> code. */
export const SYSTEM_ROLES: Record<string, string> = {
  'r-super-admin': 'DWSURVEY_SUPER_ADMIN',
  'r-user': 'DWSURVEY_USER',
};
const SYSTEM_CODES = new Set(Object.values(SYSTEM_ROLES));
const KNOWN_PERMS = new Set<string>(PERM_CODES);
const KNOWN_GROUPS = new Set<string>(PERM_GROUPS);

/** A permission's name in the console language (the server's name for an unknown code). */
export function permLabel(f: F, p: { code: string; name?: string }): string {
  return KNOWN_PERMS.has(p.code) ? f(`admin.perm.name.${p.code}`) : p.name || p.code;
}

/** A permission group's heading (the raw group code for an unknown group). */
export function permGroupLabel(f: F, group: string): string {
  return KNOWN_GROUPS.has(group) ? f(`admin.perm.group.${group}`) : group;
}

type RoleLike = { id?: string; code?: string; type?: number; name: string; note?: string };

/**
 * The code of a system role, else undefined. A role that says its type must be of type 1; a
 * reference without a type is matched by its code (unique among roles) or, when it carries no
 * code either (the reviewers' directory), by the id migrate gives the system roles.
 */
function systemCode(r: RoleLike): string | undefined {
  if (r.type !== undefined && r.type !== 1) return undefined;
  if (r.code) return SYSTEM_CODES.has(r.code) ? r.code : undefined;
  return r.id ? SYSTEM_ROLES[r.id] : undefined;
}

/** A role's name: translated for the system roles, the role's own name for every other role. */
export function roleLabel(f: F, r: RoleLike): string {
  const c = systemCode(r);
  return c ? f(`admin.role.name.${c}`) : r.name;
}

/** A role's note: translated for the system roles, the role's own note for every other role. */
export function roleNote(f: F, r: RoleLike): string | undefined {
  const c = systemCode(r);
  return c ? f(`admin.role.note.${c}`) : r.note;
}
