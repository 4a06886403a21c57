import { describe, expect, it } from 'vitest';
import { firstAdminPath } from './adminHome';

describe('firstAdminPath', () => {
  it('opens the first permitted page under the same layout prefix', () => {
    expect(firstAdminPath({ canAdminUser: true, canAdminLog: true }, '/v8/dw/admin')).toBe('/v8/dw/admin/user/user');
    expect(firstAdminPath({ canAdminLog: true }, '/v8/lr/dw/admin')).toBe('/v8/lr/dw/admin/system/log');
    expect(firstAdminPath({ canAdminTemplate: true }, '/v8/dw/admin/')).toBe('/v8/dw/admin/resource/template');
  });
  it('has nothing for a user without admin pages', () => {
    expect(firstAdminPath({ canSurvey: true }, '/v8/dw/admin')).toBeUndefined();
  });
});
