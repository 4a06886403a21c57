import { describe, expect, it } from 'vitest';
import en from './en-US';
import zh from './zh-CN';

describe('export texts', () => {
  it('every key in every console language', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [k, v] of Object.entries(zh)) expect(v, k).not.toBe('');
  });
  it('print template texts exist (d/DwPrintMbData)', () => {
    for (const k of ['pt.title', 'pt.nameRequired', 'pt.logoType', 'pt.deleteConfirm', 'pt.printWith', 'pt.field.ip']) expect(en[k as keyof typeof en], k).toBeTruthy();
  });
});
