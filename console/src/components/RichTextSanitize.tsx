// Client side of the rich-text subset of titles, notes and options (the designer's inline editor).
// The server sanitises every saved document again (services/survey/sanitize.go); the three lists
// below are IDENTICAL to the server's allowedTags / dropWithContent / allowedAttrs and
// services/survey/sanitize_parity_test.go fails when they drift apart.

export const ALLOWED_TAGS = [
  'a', 'b', 'big', 'blockquote', 'br', 'code', 'del', 'div', 'em', 'font', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i',
  'img', 'li', 'mark', 'ol', 'p', 'pre', 's', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'table', 'tbody', 'td',
  'th', 'thead', 'tr', 'u', 'ul',
];

export const DROP_WITH_CONTENT = [
  'applet', 'embed', 'frame', 'frameset', 'head', 'iframe', 'math', 'noembed', 'noframes', 'noscript', 'object',
  'plaintext', 'script', 'select', 'style', 'svg', 'template', 'textarea', 'title', 'xmp',
];

export const ALLOWED_ATTRS = [
  'align', 'alt', 'class', 'color', 'colspan', 'face', 'height', 'href', 'rowspan', 'size', 'src', 'style', 'target',
  'title', 'width',
];

const TAGS = new Set(ALLOWED_TAGS);
const DROP = new Set(DROP_WITH_CONTENT);
const ATTRS = new Set(ALLOWED_ATTRS);
const VOID = new Set(['br', 'img', 'hr']);

const BAD_STYLE = /expression|url\s*\(|javascript:|vbscript:|@import|behavior|-moz-binding/i;
const SAFE_URL = /^(https?:\/\/|mailto:|\/|#|\.\/|\.\.\/|[a-z0-9_\-./?=&%#]+$)/i;
const SAFE_DATA_IMG = /^data:image\/(png|jpe?g|gif);base64,[a-z0-9+/=\s]+$/i;

export const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&#34;').replace(/'/g, '&#39;');

/** The value an attribute keeps, or null when it is removed (same rules as the server's cleanAttr). */
export function cleanAttr(tag: string, key: string, val: string): string | null {
  if (!ATTRS.has(key) || key.startsWith('on')) return null;
  if (key === 'style') return BAD_STYLE.test(val) ? null : val;
  if (key === 'href' || key === 'src') {
    const v = val.trim();
    // eslint-disable-next-line no-control-regex
    const compact = v.replace(/[\x00-\x20]+/g, '').toLowerCase();
    if (key === 'src' && tag === 'img' && SAFE_DATA_IMG.test(v)) return v;
    if ((key === 'href' && tag !== 'a') || (key === 'src' && tag !== 'img')) return null;
    if (compact.includes('script:') || compact.startsWith('data:') || !SAFE_URL.test(compact)) return null;
    return v;
  }
  if (key === 'target') return val === '_blank' ? val : null;
  return val;
}

/** A URL a link may point to (http(s), mailto, relative); '' when refused. */
export function safeHref(url: string): string {
  const v = url.trim();
  if (!v) return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) || v.startsWith('/') || v.startsWith('#') || v.startsWith('.') ? v : `https://${v}`;
  return cleanAttr('a', 'href', withScheme) ?? '';
}

function walk(n: Node, out: string[]) {
  if (n.nodeType === 3) {
    out.push(escapeText(n.nodeValue ?? ''));
    return;
  }
  if (n.nodeType !== 1) return; // comments, processing instructions
  const el = n as Element;
  const name = el.localName.toLowerCase();
  if (DROP.has(name)) return;
  const keep = TAGS.has(name);
  if (keep) {
    out.push(`<${name}`);
    for (const a of Array.from(el.attributes)) {
      const k = a.name.toLowerCase();
      const v = cleanAttr(name, k, a.value);
      if (v !== null) out.push(` ${k}="${escapeAttr(v)}"`);
    }
    out.push('>');
    if (VOID.has(name)) return;
  }
  for (const c of Array.from(el.childNodes)) walk(c, out);
  if (keep) out.push(`</${name}>`);
}

/**
 * Keeps only the rich-text subset: allowed tags with allowed attributes, text escaped; script/style/
 * iframe/svg… dropped with their content; other tags unwrapped; on* attributes and javascript:/
 * vbscript:/data: URLs removed. Parsing uses an inert DOMParser document (no script runs, nothing loads).
 */
export function sanitizeHtml(html: string, parse?: (s: string) => Document): string {
  if (!html) return '';
  if (!/[<>&]/.test(html)) return html;
  const doc = parse ? parse(html) : new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const out: string[] = [];
  for (const c of Array.from(doc.body.childNodes)) walk(c, out);
  return out.join('');
}

/** Plain text of rich text (what dwText stores). */
export function htmlText(html: string, parse?: (s: string) => Document): string {
  if (!html) return '';
  if (!/[<&]/.test(html)) return html;
  const doc = parse ? parse(html) : new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  doc.body.querySelectorAll(DROP_WITH_CONTENT.join(',')).forEach((e) => e.remove());
  return (doc.body.textContent ?? '').replace(/\u00a0/g, ' ');
}
