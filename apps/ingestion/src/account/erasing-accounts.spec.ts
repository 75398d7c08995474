import { type AccountErasuresRepository } from './account-erasures.repository';
import { ErasingAccounts } from './erasing-accounts';

/** What the guard answers 410 for, as reads of `account_erasures` and the worker's completions interleave. */
describe('ErasingAccounts', () => {
  const pilot = '0d4c1c53-8d55-4a3e-9d0c-3f1b2a9e7c11';
  /** Each read of the pending erasures answers when the test says, with what it says. */
  function withReads(): { erasing: ErasingAccounts; answer: (pending: string[]) => void } {
    let answer: (pending: string[]) => void = () => undefined;
    const erasures = {
      pending: () => new Promise<string[]>((resolve) => (answer = resolve)),
    } as unknown as AccountErasuresRepository;
    return { erasing: new ErasingAccounts(erasures), answer: (pending) => answer(pending) };
  }

  it('does not take back as pending an erasure completed here while a read begun before was under way', async () => {
    const { erasing, answer } = withReads();
    const first = erasing.refresh({} as never);
    answer([pilot]);
    await first;
    expect(erasing.has(pilot)).toBe(true);
    // A read begins, the worker completes the erasure, then the read answers with the row as it was.
    const stale = erasing.refresh({} as never);
    erasing.completed(pilot);
    answer([pilot]);
    await stale;
    expect(erasing.has(pilot)).toBe(false);
    // A read begun after the completion is taken as it is.
    const later = erasing.refresh({} as never);
    answer([pilot]);
    await later;
    expect(erasing.has(pilot)).toBe(true);
  });

  it('keeps an erasure asked here through a read begun before the ask committed', async () => {
    const { erasing, answer } = withReads();
    const read = erasing.refresh({} as never);
    erasing.asked(pilot);
    answer([]);
    await read;
    expect(erasing.has(pilot)).toBe(true);
  });

  it('answers the pilot again once a read begun after the ask finds the erasure completed by another replica', async () => {
    const { erasing, answer } = withReads();
    erasing.asked(pilot);
    const read = erasing.refresh({} as never);
    answer([]);
    await read;
    expect(erasing.has(pilot)).toBe(false);
  });

  it('keeps an erasure asked here again after one completed here', async () => {
    const { erasing, answer } = withReads();
    const read = erasing.refresh({} as never);
    erasing.completed(pilot);
    erasing.asked(pilot);
    answer([]);
    await read;
    expect(erasing.has(pilot)).toBe(true);
  });
});
