/** Local storage keys of the spec (section 9). */
export const STORAGE_KEYS = {
  token: 'token',
  authority: 'authority',
  userName: 'userName',
  loginCount: 'loginCount',
  sessionCode: 'sessionCode',
  resourceToken: 'resourceToken',
  language: 'language',
  theme: 'theme',
  sessionId: 'sessionId',
} as const;

type Key = keyof typeof STORAGE_KEYS;

function ls(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

export function getItem(key: Key): string | null {
  return ls()?.getItem(STORAGE_KEYS[key]) ?? null;
}

export function setItem(key: Key, value: string | number | null | undefined) {
  const s = ls();
  if (!s) return;
  if (value === null || value === undefined || value === '') s.removeItem(STORAGE_KEYS[key]);
  else s.setItem(STORAGE_KEYS[key], String(value));
}

export function getToken(): string | null {
  return getItem('token');
}

export function setToken(token: string | null | undefined) {
  setItem('token', token);
}

export function getAuthority(): string[] | undefined {
  const raw = getItem('authority');
  if (raw === null) return undefined;
  try {
    const v = JSON.parse(raw);
    if (Array.isArray(v)) return v.map(String);
    if (typeof v === 'string') return [v];
  } catch {
    return raw ? [raw] : [];
  }
  return [];
}

export function setAuthority(authority: string[] | string | undefined) {
  if (authority === undefined) {
    setItem('authority', null);
    return;
  }
  const list = typeof authority === 'string' ? [authority] : authority;
  setItem('authority', JSON.stringify(list));
}

/** Removes everything tied to the signed-in account (keeps the language choice). */
export function clearSession() {
  for (const k of ['token', 'authority', 'userName', 'loginCount', 'sessionCode', 'resourceToken'] as Key[]) {
    setItem(k, null);
  }
}
