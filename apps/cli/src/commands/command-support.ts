import { InvalidArgumentError } from 'commander';
import { type DataSource } from 'typeorm';
import { isUuid } from '@pft/contracts';
import { createDataSource } from '@pft/platform/database/data-source';
import { loadCliConfig } from '../cli.config';

/** Runs `work` on a data source of one connection to DATABASE_URL, closed after it (`migrations` for the db commands). */
export async function withDatabase<T>(
  work: (dataSource: DataSource) => Promise<T>,
  migrations: Parameters<typeof createDataSource>[2] = [],
): Promise<T> {
  const dataSource = await createDataSource(loadCliConfig().DATABASE_URL, 1, migrations).initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** A `<partner-id>` argument: a UUID, lower-cased. */
export function partnerIdArgument(value: string): string {
  if (!isUuid(value))
    throw new InvalidArgumentError('a partner id is a UUID; `pft partners list` shows them');
  return value.toLowerCase();
}
