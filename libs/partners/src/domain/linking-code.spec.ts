import { CROCKFORD_ALPHABET, formatLinkingCode, normalizeLinkingCode } from './linking-code';

describe('linking code', () => {
  it('formats 80 bits as PFT and four groups of four Crockford symbols', () => {
    const code = formatLinkingCode(Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]));
    expect(code).toBe('PFT-0000-0000-0000-0001');
  });

  it('uses every bit: all ones give the last symbol everywhere', () => {
    expect(formatLinkingCode(new Uint8Array(10).fill(255))).toBe('PFT-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
  });

  it('never uses I, L, O or U', () => {
    for (let seed = 0; seed < 200; seed++) {
      const bytes = Uint8Array.from({ length: 10 }, (_, i) => (seed * 37 + i * 101) % 256);
      const symbols = formatLinkingCode(bytes).slice(4).replace(/-/g, '');
      expect([...symbols].every((s) => CROCKFORD_ALPHABET.includes(s))).toBe(true);
      expect(symbols).not.toMatch(/[ILOU]/);
    }
  });

  it('refuses a wrong amount of randomness', () => {
    expect(() => formatLinkingCode(new Uint8Array(9))).toThrow(RangeError);
  });

  it('normalizes case and surrounding whitespace', () => {
    expect(normalizeLinkingCode('  pft-ab12-cd34-ef56-gh78 \n')).toBe('PFT-AB12-CD34-EF56-GH78');
  });

  it.each([
    '',
    'PFT-AB12-CD34-EF56',
    'XYZ-AB12-CD34-EF56-GH78',
    'PFT-AB12-CD34-EF56-GH7U',
    'PFT-AB12 CD34-EF56-GH78',
  ])('rejects %j', (input) => expect(normalizeLinkingCode(input)).toBeNull());
});
