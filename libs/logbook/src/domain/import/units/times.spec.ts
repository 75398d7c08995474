import { decimalHoursToMinutes, detectTimeUnit, readTime } from './times';

const minutes = (cell: string, unit?: Parameters<typeof readTime>[1]) => {
  const read = readTime(cell, unit);
  return read.ok ? read.minutes : 'refused';
};

describe('import times', () => {
  it.each([
    ['1.5', 90],
    ['1,5', 90],
    ['0.1', 6],
    ['.5', 30],
    ['2', 120],
    ['1.', 60],
    ['1.025', 62],
    ['1.0249', 61],
    ['0.0083', 0],
    ['0.0084', 1],
    ['24.0', 1440],
    ['', 0],
  ])('reads decimal hours %s as %d minutes, rounding half up on the decimal as written', (cell, expected) => {
    expect(minutes(cell, 'decimal_hours')).toBe(expected);
  });

  it('rounds 1.025 hours (61.5 minutes) up, as its binary approximation would not', () => {
    expect(1.025 * 60).toBeLessThan(61.5);
    expect(decimalHoursToMinutes('1', '025')).toBe(62);
  });

  it.each([
    ['1:30', 90],
    ['0:05', 5],
    ['12:00', 720],
  ])('reads H:MM %s as %d minutes', (cell, expected) => {
    expect(minutes(cell, 'h_mm')).toBe(expected);
    expect(minutes(cell)).toBe(expected);
  });

  it('reads each cell by its form when no unit is declared', () => {
    expect([minutes('1:15'), minutes('1.25'), minutes('1,25')]).toEqual([75, 75, 75]);
  });

  it('reads whole minutes when the unit is minutes', () => {
    expect([minutes('95', 'minutes'), minutes('1.5', 'minutes')]).toEqual([95, 'refused']);
  });

  it.each(['1:75', '1:5', 'abc', '1.2.3', '-1', '=1+1', '1,5,0', '1.1234567'])('refuses %s', (cell) => {
    expect(minutes(cell)).toBe('refused');
  });

  it('says when a decimal comma was read', () => {
    expect(readTime('1,5')).toEqual({ ok: true, minutes: 90, decimalComma: true });
    expect(readTime('1.5')).toEqual({ ok: true, minutes: 90, decimalComma: false });
  });

  it('detects the unit of a column: H:MM, decimal hours, or open when only whole numbers', () => {
    expect(detectTimeUnit(['1:30', '', '0:45'])).toBe('h_mm');
    expect(detectTimeUnit(['1.5', '2', '0'])).toBe('decimal_hours');
    expect(detectTimeUnit(['1,5', '2'])).toBe('decimal_hours');
    expect(detectTimeUnit(['90', '60'])).toBeUndefined();
    expect(detectTimeUnit(['1:30', '1.5'])).toBeUndefined();
    expect(detectTimeUnit([])).toBeUndefined();
  });
});
