import { type Command } from 'commander';
import { Client } from 'pg';
import { createDataSource, loadConfig, splitDatabaseUrl } from '@pft/infrastructure';

export function registerDatabaseCommands(program: Command): void {
  const db = program.command('db').description('the Postgres schema');

  db.command('create')
    .description('create the database named by DATABASE_URL if it does not exist')
    .action(async () => {
      const { database, adminUrl } = splitDatabaseUrl(loadConfig().DATABASE_URL);
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        const found = await client.query('select 1 from pg_database where datname = $1', [database]);
        if (found.rowCount === 0) {
          await client.query(`create database "${database.replace(/"/g, '""')}"`);
          console.log(`created database ${database}`);
        } else {
          console.log(`database ${database} exists`);
        }
      } finally {
        await client.end();
      }
    });

  db.command('migrate')
    .description('apply every pending migration')
    .action(async () => {
      const dataSource = await createDataSource(loadConfig().DATABASE_URL, 1).initialize();
      try {
        const applied = await dataSource.runMigrations({ transaction: 'each' });
        console.log(
          applied.length ? `applied: ${applied.map((m) => m.name).join(', ')}` : 'schema is up to date',
        );
      } finally {
        await dataSource.destroy();
      }
    });

  db.command('rollback')
    .description('undo the most recent migration')
    .action(async () => {
      const dataSource = await createDataSource(loadConfig().DATABASE_URL, 1).initialize();
      try {
        await dataSource.undoLastMigration({ transaction: 'each' });
        console.log('rolled back the most recent migration');
      } finally {
        await dataSource.destroy();
      }
    });
}
