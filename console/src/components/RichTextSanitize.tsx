// Client side of the rich-text subset of titles, notes, options and every other HTML field of a
// survey (the designer's inline editor; the answer page's DOM sanitiser uses the same lists and
// cleanAttr). The server sanitises every saved and served document again (services/survey/
// sanitize.go); the lists and COLOR_PATTERN below are IDENTICAL to the server's allowedTags /
// dropWithContent / allowedAttrs / AllowedStyleProps / ColorPattern, and URLs follow the one
// URL rule (utils/safeUrl.ts = SafeURL); services/survey/sanitize_parity_test.go fails when they
// drift apart.
import { isSafeUrl } from '../utils/safeUrl';

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

/** The only CSS properties a style attribute keeps, each only with a colour value (the editor's colours). */
export const ALLOWED_STYLE_PROPS = ['background-color', 'color'];

/** A CSS colour value (matched on the lower-cased value); the server's ColorPattern, character for character. */
export const COLOR_PATTERN = String.raw`^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]*\)|[a-z]{3,20})$`;

const TAGS = new Set(ALLOWED_TAGS);
const DROP = new Set(DROP_WITH_CONTENT);
const ATTRS = new Set(ALLOWED_ATTRS);
const STYLE_PROPS = new Set(ALLOWED_STYLE_PROPS);
const VOID = new Set(['br', 'img', 'hr']);
const COLOR = new RegExp(COLOR_PATTERN);

/** The allowed declarations of a style attribute ("prop: value;" each, space separated); '' when none is left. */
export function cleanStyle(style: string): string {
  const out: string[] = [];
  for (const decl of style.split(';')) {
    const at = decl.indexOf(':');
    if (at < 0) continue;
    const name = decl.slice(0, at).trim().toLowerCase();
    const val = decl.slice(at + 1).trim();
    if (STYLE_PROPS.has(name) && COLOR.test(val.toLowerCase())) out.push(`${name}: ${val};`);
  }
  return out.join(' ');
}

export const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&#34;').replace(/'/g, '&#39;');

/** The value an attribute keeps, or null when it is removed (same rules as the server's cleanAttr). */
export function cleanAttr(tag: string, key: string, val: string): string | null {
  if (!ATTRS.has(key) || key.startsWith('on')) return null;
  if (key === 'style') {
    const v = cleanStyle(val);
    return v ? v : null;
  }
  if (key === 'color') {
    const v = val.trim();
    return COLOR.test(v.toLowerCase()) ? v : null;
  }
  if (key === 'href' || key === 'src') {
    if ((key === 'href' && tag !== 'a') || (key === 'src' && tag !== 'img')) return null;
    const v = val.trim();
    return v && isSafeUrl(v) ? v : null;
  }
  if (key === 'target') return val === '_blank' ? val : null;
  return val;
}

/** A URL a link may point to (http(s) or a path of this site); '' when refused. */
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
 * iframe/svg… dropped with their content; other tags unwrapped; on* attributes, URLs other than
 * http(s) or ours, and style declarations other than colours removed. Parsing uses an inert DOMParser document (no script runs, nothing loads).
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
