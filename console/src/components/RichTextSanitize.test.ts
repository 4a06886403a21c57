// The attribute and URL rules of the designer's rich-text cleaner (same as services/survey/sanitize.go).
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
  it('refuses script and data URLs, keeps http(s), mailto and relative ones', () => {
    for (const bad of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:x', 'vbscript:x', 'data:text/html,<script>1</script>']) {
      expect(cleanAttr('a', 'href', bad)).toBeNull();
    }
    expect(cleanAttr('a', 'href', 'https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(cleanAttr('a', 'href', 'mailto:a@example.com')).toBe('mailto:a@example.com');
    expect(cleanAttr('a', 'href', '/v8/x')).toBe('/v8/x');
    expect(cleanAttr('img', 'src', 'data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(cleanAttr('img', 'src', 'data:image/svg+xml;base64,AAAA')).toBeNull();
    expect(cleanAttr('span', 'href', 'https://example.com')).toBeNull();
  });
  it('refuses dangerous styles and other targets than _blank', () => {
    expect(cleanAttr('span', 'style', 'color: red')).toBe('color: red');
    expect(cleanAttr('span', 'style', 'background:url(javascript:x)')).toBeNull();
    expect(cleanAttr('span', 'style', 'width: expression(alert(1))')).toBeNull();
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
