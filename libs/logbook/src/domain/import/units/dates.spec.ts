import { detectDateOrder, readDate } from './dates';

describe('import dates', () => {
  it('reads YYYY-MM-DD in every order', () => {
    expect([
      readDate('2026-03-04', 'ymd'),
      readDate('2026-03-04', 'mdy'),
      readDate('2026-3-4', 'dmy'),
    ]).toEqual(['2026-03-04', '2026-03-04', '2026-03-04']);
  });

  it('reads M/D/YYYY month first, D/M/YYYY and D.M.YYYY day first', () => {
    expect(readDate('3/4/2026', 'mdy')).toBe('2026-03-04');
    expect(readDate('3/4/2026', 'dmy')).toBe('2026-04-03');
    expect(readDate('13.4.2026', 'dmy')).toBe('2026-04-13');
  });

  it('refuses a date that is not one in the order given', () => {
    expect(readDate('13/4/2026', 'mdy')).toBeUndefined();
    expect(readDate('4.13.2026', 'mdy')).toBeUndefined();
    expect(readDate('3/4/2026', 'ymd')).toBeUndefined();
    expect(readDate('2026-02-30', 'ymd')).toBeUndefined();
    expect(readDate('yesterday', 'dmy')).toBeUndefined();
  });

  it('detects the order when the cells settle it, and leaves it open when they do not', () => {
    expect(detectDateOrder(['2026-03-04', '2026-03-05'])).toBe('ymd');
    expect(detectDateOrder(['3/4/2026', '3/14/2026'])).toBe('mdy');
    expect(detectDateOrder(['3/4/2026', '14/3/2026'])).toBe('dmy');
    expect(detectDateOrder(['4.3.2026'])).toBe('dmy');
    expect(detectDateOrder(['3/4/2026', '5/6/2026'])).toBeUndefined();
    expect(detectDateOrder(['13/4/2026', '4/13/2026'])).toBeUndefined();
    expect(detectDateOrder([])).toBeUndefined();
  });
});
