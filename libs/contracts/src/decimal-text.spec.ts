import fc from 'fast-check';
import { decimalText } from './decimal-text';

describe('decimalText', () => {
  it.each([0, 7, 10, 99, 100, 999, 1000, 1001, 100_000, 999_999_999, 1_000_000_000, Number.MAX_SAFE_INTEGER])(
    'writes %d as String does',
    (n) => {
      expect(decimalText(n)).toBe(String(n));
    },
  );

  it('writes any non-negative safe integer as String does', () => {
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(decimalText(n)).toBe(String(n));
      }),
    );
  });

  it('leaves what is not a non-negative safe integer to String', () => {
    for (const n of [-1, 1.5, Number.NaN, Infinity, 2 ** 60]) expect(decimalText(n)).toBe(String(n));
  });
});
