import { type Command } from 'commander';
import { Client } from 'pg';
import { type DataSource } from 'typeorm';
import { splitDatabaseUrl } from '@pft/platform/database/data-source';
import { MIGRATIONS } from '@pft/schema/migrations';
import { consoleOutput, type Output, printJson } from '../output/output';
import { withDatabase } from './command-support';
import { loadCliConfig } from '../cli.config';

/** The migration TypeORM undoes next (the latest by timestamp); undefined when none is applied. */
async function lastMigration(dataSource: DataSource): Promise<string | undefined> {
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const found: { present: boolean }[] = await dataSource.query(
    'select to_regclass($1) is not null as present',
    [table],
  );
  if (!found[0]?.present) return undefined;
  const rows: { name: string }[] = await dataSource.query(
    `select name from "${table}" order by timestamp desc, id desc limit 1`,
  );
  return rows[0]?.name;
}

export function registerDatabaseCommands(program: Command, out: Output = consoleOutput): void {
  const db = program.command('db').description('the Postgres schema');

  db.command('create')
    .description('create the database named by DATABASE_URL if it does not exist')
    .option('--json', 'print {database, created} as JSON')
    .action(async (options: { json?: boolean }) => {
      const { database, adminUrl } = splitDatabaseUrl(loadCliConfig().DATABASE_URL);
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      let created: boolean;
      try {
        const found = await client.query('select 1 from pg_database where datname = $1', [database]);
        created = found.rowCount === 0;
        if (created) await client.query(`create database "${database.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
      if (options.json) printJson(out, { database, created });
      else out.print(created ? `created database ${database}` : `database ${database} exists`);
    });

  db.command('migrate')
    .description('apply every pending migration')
    .option('--json', 'print {applied} as JSON')
    .action(async (options: { json?: boolean }) => {
      const applied = await withDatabase(
        (dataSource) => dataSource.runMigrations({ transaction: 'each' }),
        MIGRATIONS,
      );
      const names = applied.map((m) => m.name);
      if (options.json) printJson(out, { applied: names });
      else out.print(names.length ? `applied: ${names.join(', ')}` : 'schema is up to date');
    });

  db.command('rollback')
    .description('undo the most recent migration')
    .option('--json', 'print {rolled_back} as JSON (null when no migration was applied)')
    .action(async (options: { json?: boolean }) => {
      const undone = await withDatabase(async (dataSource) => {
        const last = await lastMigration(dataSource);
        if (last !== undefined) await dataSource.undoLastMigration({ transaction: 'each' });
        return last;
      }, MIGRATIONS);
      if (options.json) printJson(out, { rolledBack: undone ?? null });
      else out.print(undone ? `rolled back ${undone}` : 'no migration to roll back');
    });
}
