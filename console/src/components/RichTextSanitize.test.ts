// The attribute, style and URL rules of the rich-text cleaner (same as services/survey/sanitize.go).
// The element walk needs a DOM and is exercised in Chromium by e2e/authoring.test.mjs (paste).
import { describe, expect, it } from 'vitest';
import { ALLOWED_ATTRS, ALLOWED_TAGS, DROP_WITH_CONTENT, cleanAttr, safeHref } from './RichTextSanitize';

describe('rich-text attribute rules', () => {
  it('drops event handlers and unknown attributes', () => {
    expect(cleanAttr('img', 'onerror', 'alert(1)')).toBeNull();
    expect(cleanAttr('a', 'onclick', 'x')).toBeNull();
    expect(cleanAttr('span', 'data-x', '1')).toBeNull();
    expect(cleanAttr('span', 'class', 'k')).toBe('k');
  });
  it('keeps only http(s) and paths of this site in links and images', () => {
    for (const bad of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:x', 'vbscript:x', 'data:text/html,<script>1</script>', 'mailto:a@example.com', 'file:///etc/passwd', '//evil.example']) {
      expect(cleanAttr('a', 'href', bad)).toBeNull();
    }
    expect(cleanAttr('a', 'href', 'https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(cleanAttr('a', 'href', '/v8/x')).toBe('/v8/x');
    expect(cleanAttr('img', 'src', 'data:image/png;base64,AAAA')).toBeNull();
    expect(cleanAttr('img', 'src', 'data:image/svg+xml;base64,AAAA')).toBeNull();
    expect(cleanAttr('img', 'src', 'https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(cleanAttr('span', 'href', 'https://example.com')).toBeNull();
  });
  it('keeps only the colours in styles, and other targets than _blank go', () => {
    expect(cleanAttr('span', 'style', 'color: red')).toBe('color: red;');
    expect(cleanAttr('span', 'style', 'color: rgb(255, 0, 0);')).toBe('color: rgb(255, 0, 0);');
    expect(cleanAttr('span', 'style', 'position: fixed; top: 0; background-color: #FFEE00')).toBe('background-color: #FFEE00;');
    expect(cleanAttr('span', 'style', 'background:url(javascript:x)')).toBeNull();
    expect(cleanAttr('span', 'style', 'color: expression(alert(1))')).toBeNull();
    expect(cleanAttr('font', 'color', '#e53935')).toBe('#e53935');
    expect(cleanAttr('font', 'color', 'red;background:url(x)')).toBeNull();
    expect(cleanAttr('a', 'target', '_top')).toBeNull();
    expect(cleanAttr('a', 'target', '_blank')).toBe('_blank');
  });
  it('links typed in the toolbar get a scheme; script links are refused', () => {
    expect(safeHref('example.com')).toBe('https://example.com');
    expect(safeHref('javascript:alert(1)')).toBe('');
    expect(safeHref('')).toBe('');
  });
  it('lists hold no dangerous tag', () => {
    for (const t of ['script', 'style', 'iframe', 'svg', 'object', 'embed', 'math']) {
      expect(ALLOWED_TAGS).not.toContain(t);
      expect(DROP_WITH_CONTENT).toContain(t);
    }
    expect(ALLOWED_ATTRS.some((a) => a.startsWith('on'))).toBe(false);
  });
});
