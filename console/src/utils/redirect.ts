export function safeRedirect(raw: string | null | undefined, fallback = '/v8/dw/survey'): string {
  if (!raw) return fallback;
  // same-site paths only
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return fallback;
  return raw;
}
