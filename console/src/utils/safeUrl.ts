// URLs the pages may navigate to or load, and the URLs rich text may carry: http(s) only, or a
// relative path of this site (resolved against the page). Everything else — javascript:,
// vbscript:, data:, file:, blob:, mailto:, in any case and with control characters or whitespace
// inside the scheme, and scheme-relative "//host" — is refused. The check uses the browser's own
// URL parser, so what is checked is what navigation would do.
//
// The server applies the same rule on save (refusing the document, naming the field) and when
// serving (services/survey/urls.go, SafeURL); services/survey/sanitize_parity_test.go keeps
// ALLOWED_URL_SCHEMES identical. The server also decodes HTML character references before it
// looks (a stored value may end up in markup); here the DOM has already decoded attribute values
// and a navigation target is never decoded, so the parser sees what the browser acts on.

export const ALLOWED_URL_SCHEMES = ['http', 'https'];

/** The absolute http(s) URL `url` stands for (relative ones resolved against `base`), or '' when refused. */
export function safeNavigationUrl(url: unknown, base?: string): string {
  if (typeof url !== 'string') return '';
  const v = url.trim();
  if (!v) return '';
  // "//host" and "\\host" (browsers read a backslash as a slash) leave the site: not a path of ours
  // eslint-disable-next-line no-control-regex
  if (v.replace(/[\x00-\x20\x7f]/g, '').replace(/\\/g, '/').startsWith('//')) return '';
  let u: URL;
  try {
    u = new URL(v, base ?? (typeof window !== 'undefined' ? window.location.href : 'http://localhost/'));
  } catch {
    return '';
  }
  return ALLOWED_URL_SCHEMES.includes(u.protocol.replace(/:$/, '')) ? u.href : '';
}

/** Whether `url` is http(s) or relative. */
export const isSafeUrl = (url: unknown, base?: string) => safeNavigationUrl(url, base) !== '';
