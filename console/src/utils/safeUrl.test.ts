// The client URL rule; the server's TestSafeURL (services/survey) has the same cases.
import { describe, expect, it } from 'vitest';
import { isSafeUrl, safeNavigationUrl } from './safeUrl';

const base = 'https://survey.example.org/v8/diaowen/an/abc';

describe('safeNavigationUrl', () => {
  it('keeps http(s) and relative paths', () => {
    expect(safeNavigationUrl('https://example.com/thanks?x=1', base)).toBe('https://example.com/thanks?x=1');
    expect(safeNavigationUrl('http://example.com', base)).toBe('http://example.com/');
    expect(safeNavigationUrl('/v8/diaowen/vote/top/1', base)).toBe('https://survey.example.org/v8/diaowen/vote/top/1');
    expect(safeNavigationUrl('  HTTPS://Example.com/a  ', base)).toBe('https://example.com/a');
    for (const ok of ['img/a.png', './a.png', '?a=1', '#top', 'https:example.com']) expect(isSafeUrl(ok, base), ok).toBe(true);
  });
  it('refuses script, data, file and other schemes in any spelling', () => {
    for (const bad of [
      'javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', '\u0001javascript:alert(1)',
      'vbscript:msgbox(1)', 'VBScript:x', 'data:text/html,<script>alert(1)</script>', 'data:image/png;base64,AAAA', 'file:///etc/passwd',
      'blob:https://x/1', 'mailto:a@b.c', 'ftp://example.com', '', null, 42,
    ]) {
      expect(isSafeUrl(bad, base), String(bad)).toBe(false);
    }
  });
  it('refuses scheme-relative URLs to other hosts', () => {
    for (const bad of ['//evil.example', '/\\evil.example', '\\\\evil.example', ' //evil.example/x']) expect(isSafeUrl(bad, base), bad).toBe(false);
  });
});
