import { describe, expect, it } from 'vitest';
import { CODE128_PATTERNS, code128Bars, code128Modules, code128Values } from './barcode';

// Module strings of single symbols as printed in the Code 128 width table
// (https://en.wikipedia.org/wiki/Code_128#Bar_code_widths).
const KNOWN: Record<number, string> = {
  0: '11011001100', // space
  1: '11001101100', // !
  2: '11001100110', // "
  3: '10010011000', // #
  33: '10100011000', // A
  104: '11010010000', // Start B
  106: '1100011101011', // Stop
};

describe('CODE128 table', () => {
  it('has 107 distinct symbols of 11 modules (stop 13), each starting with a bar', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((p, v) => {
      const sum = [...p].reduce((a, d) => a + Number(d), 0);
      expect(sum, `symbol ${v}`).toBe(v === 106 ? 13 : 11);
      // a symbol has an even number of bar modules (parity rule of Code 128)
      const barMods = [...p].filter((_, i) => i % 2 === 0).reduce((a, d) => a + Number(d), 0);
      expect(barMods % 2, `bar parity of ${v}`).toBe(0);
    });
  });
});

describe('code128Values', () => {
  it('computes the modulo-103 check symbol (PJJ123C -> 55)', () => {
    // 104 + 48*1 + 42*2 + 42*3 + 17*4 + 18*5 + 19*6 + 35*7 = 879; 879 mod 103 = 55
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });
  it('encodes a verification code of mixed case and digits', () => {
    // 104 + 33 + 34*2 + 17*3 + 18*4 + 67*5 + 68*6 = 1071; 1071 mod 103 = 41
    expect(code128Values('AB12cd')).toEqual([104, 33, 34, 17, 18, 67, 68, 41, 106]);
  });
  it('refuses what code set B cannot hold', () => {
    expect(() => code128Values('')).toThrow();
    expect(() => code128Values('A\u00e9')).toThrow();
    expect(() => code128Values('a\nb')).toThrow();
  });
});

describe('code128Modules', () => {
  it('concatenates the published module strings', () => {
    // "A" = Start B, A (33), check (104 + 33) mod 103 = 34, Stop
    const want = KNOWN[104] + KNOWN[33] + '10001011000' + KNOWN[106];
    expect(code128Modules('A')).toBe(want);
    expect(code128Modules(' !"#').startsWith(KNOWN[104] + KNOWN[0] + KNOWN[1] + KNOWN[2] + KNOWN[3])).toBe(true);
  });
  it('is 11 modules per symbol plus 13 for the stop', () => {
    expect(code128Modules('AB12cd')).toHaveLength(11 * 8 + 13);
  });
});

describe('code128Bars', () => {
  it('draws the bars with a quiet zone at height 70', () => {
    const b = code128Bars('A', 2);
    expect(b.height).toBe(70);
    expect(b.width).toBe((46 + 20) * 2);
    // start B 11010010000: bars of 2, 1, 1 modules after the 10-module quiet zone
    expect(b.bars.slice(0, 3)).toEqual([{ x: 20, w: 4 }, { x: 26, w: 2 }, { x: 32, w: 2 }]);
    const dark = b.bars.reduce((a, x) => a + x.w, 0) / 2;
    expect(dark).toBe([...code128Modules('A')].filter((c) => c === '1').length);
  });
});
