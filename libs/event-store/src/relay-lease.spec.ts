import { judgeRenewal, leaseValidAt, renewalDueIn, type HeldLease } from './relay-lease';

const LEASE_MS = 5000;
const held = (token: string, confirmedAt: number): HeldLease => ({ token, confirmedAt });

describe('the relay lease, as the relay judges it', () => {
  describe('may it still send', () => {
    it('yes, while less than the lease length has passed since the confirming statement started', () => {
      expect(leaseValidAt(held('7', 1000), 1000, LEASE_MS)).toBe(true);
      expect(leaseValidAt(held('7', 1000), 5999, LEASE_MS)).toBe(true);
    });

    it('no, from the lease length on: the database may have given it to another relay', () => {
      expect(leaseValidAt(held('7', 1000), 6000, LEASE_MS)).toBe(false);
      // Woken from a 30 s freeze: the lease it remembers is long gone.
      expect(leaseValidAt(held('7', 1000), 31_000, LEASE_MS)).toBe(false);
    });

    it('no, without a lease', () => {
      expect(leaseValidAt(undefined, 0, LEASE_MS)).toBe(false);
    });
  });

  it('renews every third of the lease', () => {
    expect(renewalDueIn(held('7', 1000), 1000, 6000)).toBe(2000);
    expect(renewalDueIn(held('7', 1000), 2500, 6000)).toBe(500);
    expect(renewalDueIn(held('7', 1000), 3000, 6000)).toBe(0);
    expect(renewalDueIn(held('7', 1000), 9000, 6000)).toBe(0);
  });

  describe('judging the answer of the lease statement', () => {
    it('takes a lease it did not hold, as confirmed when the statement started', () => {
      expect(judgeRenewal(undefined, '3', 100, 120, LEASE_MS)).toEqual({
        kind: 'acquired',
        lease: { token: '3', confirmedAt: 100 },
      });
    });

    it('renews a lease held with the same token', () => {
      expect(judgeRenewal(held('3', 100), '3', 1800, 1810, LEASE_MS)).toEqual({
        kind: 'renewed',
        lease: { token: '3', confirmedAt: 1800 },
      });
    });

    it('stays a standby when another relay holds it', () => {
      expect(judgeRenewal(undefined, null, 100, 110, LEASE_MS)).toEqual({
        kind: 'standby',
        lease: undefined,
      });
    });

    it('stands down when another relay holds it now', () => {
      expect(judgeRenewal(held('3', 100), null, 9000, 9010, LEASE_MS)).toEqual({
        kind: 'lost',
        lease: undefined,
        token: '3',
      });
    });

    it('stands down when the token moved on, even if the row is its own again', () => {
      expect(judgeRenewal(held('3', 100), '5', 9000, 9010, LEASE_MS)).toEqual({
        kind: 'lost',
        lease: undefined,
        token: '3',
      });
    });

    it('does not count on an answer that came a lease length or more after asking (frozen meanwhile)', () => {
      expect(judgeRenewal(held('3', 100), '3', 1000, 6000, LEASE_MS)).toEqual({
        kind: 'expired',
        lease: undefined,
        token: '3',
        elapsedMs: 5000,
      });
      expect(judgeRenewal(undefined, '4', 1000, 40_000, LEASE_MS)).toMatchObject({ kind: 'expired' });
    });
  });
});
