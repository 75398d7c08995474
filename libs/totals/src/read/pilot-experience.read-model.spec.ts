import { type DataSource } from 'typeorm';
import { ExperienceMemory } from './experience-memory';
import { PilotExperienceReadModel } from './pilot-experience.read-model';

describe('PilotExperienceReadModel: answers past their lifetime leave memory', () => {
  it('sweeps its memory every lifetime from the module’s start to its stop, not every 30 s', () => {
    jest.useFakeTimers();
    const sweep = jest.spyOn(ExperienceMemory.prototype, 'sweep');
    try {
      // The database is not read: nothing is asked of it.
      const model = new PilotExperienceReadModel({} as DataSource, { PARTNER_TOTALS_CACHE_MS: 1_000 });
      model.onModuleInit();
      jest.advanceTimersByTime(3_000);
      expect(sweep).toHaveBeenCalledTimes(3);
      model.onModuleDestroy();
      jest.advanceTimersByTime(60_000);
      expect(sweep).toHaveBeenCalledTimes(3);
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      sweep.mockRestore();
      jest.useRealTimers();
    }
  });
});
