import { describe, expect, it } from 'vitest';
import { computeAccess, hasAuthority, SUPER_ADMIN } from '../src/utils/authority';

describe('hasAuthority', () => {
  it('fails when nothing is stored', () => {
    expect(hasAuthority(undefined, 'admin:log')).toBe(false);
    expect(hasAuthority(null, undefined)).toBe(false);
  });
  it('passes when nothing is wanted', () => {
    expect(hasAuthority([], undefined)).toBe(true);
    expect(hasAuthority(['x'], [])).toBe(true);
  });
  it('passes when any wanted code is held', () => {
    expect(hasAuthority(['admin:log'], 'admin:log')).toBe(true);
    expect(hasAuthority(['admin:log'], ['admin:user', 'admin:log'])).toBe(true);
    expect(hasAuthority(['admin:log'], 'admin:user')).toBe(false);
  });
  it('super admin passes everything', () => {
    expect(hasAuthority([SUPER_ADMIN], 'admin:workflow')).toBe(true);
  });
});

describe('computeAccess', () => {
  it('maps a log-only user', () => {
    const a = computeAccess(['MY_ROLE', 'admin:log'], true);
    expect(a.canLogin).toBe(true);
    expect(a.canAdmin).toBe(true);
    expect(a.canAdminLog).toBe(true);
    expect(a.canAdminUser).toBe(false);
    expect(a.canAdminRole).toBe(false);
    expect(a.canSurvey).toBe(false);
    expect(a.isSuperAdmin).toBe(false);
  });
  it('maps a template-only administrator', () => {
    const a = computeAccess(['admin:template'], true);
    expect(a.canAdmin).toBe(true);
    expect(a.canAdminTemplate).toBe(true);
    expect(a.canAdminLog).toBe(false);
  });
  it('maps a self-registered user', () => {
    const a = computeAccess(['DWSURVEY_USER', 'survey:manage', 'survey:data'], true);
    expect(a.canSurvey).toBe(true);
    expect(a.canData).toBe(true);
    expect(a.canAdmin).toBe(false);
  });
  it('gives nothing when logged out', () => {
    const a = computeAccess(['admin:log'], false);
    expect(Object.values(a).every((v) => v === false)).toBe(true);
  });
  it('gives everything to the super admin', () => {
    const a = computeAccess([SUPER_ADMIN], true);
    expect(Object.values(a).every((v) => v === true)).toBe(true);
  });
});
