import { type DataSource } from 'typeorm';
import { type ImportCommits } from './import-commits';
import { type FlightsRepository, type PendingImportsRepository } from '@pft/logbook';
import { PendingImports } from './pending-imports.service';

describe('PendingImports: the cleanup of expired imports', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('deletes the expired imports every minute from its start, and no more once stopped', async () => {
    const deleteExpired = jest.fn().mockResolvedValue(2);
    const dataSource = {} as DataSource;
    const imports = { deleteExpired } as unknown as PendingImportsRepository;
    const service = new PendingImports(dataSource, {} as ImportCommits, imports, {} as FlightsRepository);
    service.onModuleInit();
    await jest.advanceTimersByTimeAsync(59_999);
    expect(deleteExpired).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(deleteExpired).toHaveBeenCalledTimes(1);
    expect(deleteExpired).toHaveBeenCalledWith(dataSource);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(deleteExpired).toHaveBeenCalledTimes(2);
    await service.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(180_000);
    expect(deleteExpired).toHaveBeenCalledTimes(2);
  });

  it('keeps running after a cleanup that failed', async () => {
    const deleteExpired = jest.fn().mockRejectedValueOnce(new Error('connection lost')).mockResolvedValue(0);
    const service = new PendingImports(
      {} as DataSource,
      {} as ImportCommits,
      { deleteExpired } as unknown as PendingImportsRepository,
      {} as FlightsRepository,
    );
    service.onModuleInit();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(deleteExpired).toHaveBeenCalledTimes(2);
    await service.onApplicationShutdown();
  });
});
