import { firstDayOf } from '@pft/partners';
import { accessHistoryView, parseHistoryDays } from './access-history.view';

describe('access history view', () => {
  it('takes days from 1 to 365, 90 when absent, nothing else', () => {
    expect(parseHistoryDays(undefined)).toBe(90);
    expect(parseHistoryDays('1')).toBe(1);
    expect(parseHistoryDays('365')).toBe(365);
    for (const bad of ['0', '366', '', '1.5', '-1', ' 7', 'abc', ['1', '2'], 7])
      expect(parseHistoryDays(bad)).toBeNull();
  });

  it('counts today as one of the days, in UTC', () => {
    expect(firstDayOf(1, new Date('2026-11-25T23:59:59Z'))).toBe('2026-11-25');
    expect(firstDayOf(90, new Date('2026-11-25T00:00:00Z'))).toBe('2026-08-28');
  });

  it('lists partners connected now or active in the period, by name, newest first', () => {
    const d = (iso: string) => new Date(iso);
    const view = accessHistoryView(
      [
        {
          connection_id: 'c1',
          partner_id: 'p-z',
          name: 'Zulu',
          linked_at: d('2026-11-01T10:00:00Z'),
          disconnected_at: d('2026-11-20T10:00:00Z'),
          shares_experience: false,
        },
        {
          connection_id: 'c2',
          partner_id: 'p-old',
          name: 'Old',
          linked_at: d('2025-01-01T00:00:00Z'),
          disconnected_at: d('2025-02-01T00:00:00Z'),
          shares_experience: false,
        },
        {
          connection_id: 'c3',
          partner_id: 'p-a',
          name: 'Alpha',
          linked_at: d('2025-01-01T00:00:00Z'),
          disconnected_at: null,
          shares_experience: false,
        },
      ],
      [
        {
          partner_id: 'p-z',
          kind: 'totals',
          day: '2026-11-19',
          reads: 4,
          last_at: d('2026-11-19T18:00:00Z'),
        },
        {
          partner_id: 'p-z',
          kind: 'totals',
          day: '2026-11-20',
          reads: 1,
          last_at: d('2026-11-20T09:00:00Z'),
        },
        {
          partner_id: 'p-z',
          kind: 'experience',
          day: '2026-11-20',
          reads: 3,
          last_at: d('2026-11-20T09:30:00Z'),
        },
        {
          partner_id: 'p-gone',
          kind: 'totals',
          day: '2026-11-18',
          reads: 2,
          last_at: d('2026-11-18T08:00:00Z'),
        },
      ],
      new Map([
        ['p-z', 'Zulu'],
        ['p-old', 'Old'],
        ['p-a', 'Alpha'],
        ['p-gone', 'Gone Partner'],
        ['p-checked', 'Checker'],
      ]),
      '2026-11-01',
      [
        {
          partner_id: 'p-z',
          entry: { at: '2026-11-19T08:00:00.000Z', as_of: '2026-11-19', requirements: [{ id: 'a' }] },
        },
        {
          partner_id: 'p-z',
          entry: { at: '2026-11-20T08:00:00.000Z', as_of: '2026-11-01', requirements: [{ id: 'b' }] },
        },
        {
          partner_id: 'p-checked',
          entry: { at: '2026-11-02T08:00:00.000Z', as_of: '2026-11-02', requirements: [{ id: 'c' }] },
        },
      ],
    );
    expect(view.partners.map((p) => p.partner.name)).toEqual(['Alpha', 'Checker', 'Gone Partner', 'Zulu']);
    expect(view.partners[0]).toEqual({
      partner: { id: 'p-a', name: 'Alpha' },
      events: [],
      reads: [],
      experience_reads: [],
      requirement_checks: [],
    });
    expect(view.partners[1]!.requirement_checks).toEqual([
      { at: '2026-11-02T08:00:00.000Z', as_of: '2026-11-02', requirements: [{ id: 'c' }] },
    ]);
    expect(view.partners[3]).toEqual({
      partner: { id: 'p-z', name: 'Zulu' },
      events: [
        { type: 'disconnected', at: '2026-11-20T10:00:00.000Z' },
        { type: 'linked', at: '2026-11-01T10:00:00.000Z' },
      ],
      reads: [
        { date: '2026-11-20', count: 1, last_at: '2026-11-20T09:00:00.000Z' },
        { date: '2026-11-19', count: 4, last_at: '2026-11-19T18:00:00.000Z' },
      ],
      experience_reads: [{ date: '2026-11-20', count: 3, last_at: '2026-11-20T09:30:00.000Z' }],
      requirement_checks: [
        { at: '2026-11-20T08:00:00.000Z', as_of: '2026-11-01', requirements: [{ id: 'b' }] },
        { at: '2026-11-19T08:00:00.000Z', as_of: '2026-11-19', requirements: [{ id: 'a' }] },
      ],
    });
  });
});
