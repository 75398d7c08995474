"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.registerDatabaseCommands = registerDatabaseCommands;
const pg_1 = require("pg");
const platform_1 = require("../../../../libs/platform/src/index.js");
const schema_1 = require("../../../../libs/schema/src/index.js");
const output_1 = require("../output/output");
const command_support_1 = require("./command-support");
/** The migration TypeORM undoes next (the latest by timestamp); undefined when none is applied. */
async function lastMigration(dataSource) {
    const table = dataSource.options.migrationsTableName ?? 'migrations';
    const found = await dataSource.query('select to_regclass($1) is not null as present', [table]);
    if (!found[0]?.present)
        return undefined;
    const rows = await dataSource.query(`select name from "${table}" order by timestamp desc, id desc limit 1`);
    return rows[0]?.name;
}
function registerDatabaseCommands(program, out = output_1.consoleOutput) {
    const db = program.command('db').description('the Postgres schema');
    db.command('create')
        .description('create the database named by DATABASE_URL if it does not exist')
        .option('--json', 'print {database, created} as JSON')
        .action(async (options) => {
        const { database, adminUrl } = (0, platform_1.splitDatabaseUrl)((0, platform_1.loadConfig)().DATABASE_URL);
        const client = new pg_1.Client({ connectionString: adminUrl });
        await client.connect();
        let created;
        try {
            const found = await client.query('select 1 from pg_database where datname = $1', [database]);
            created = found.rowCount === 0;
            if (created)
                await client.query(`create database "${database.replace(/"/g, '""')}"`);
        }
        finally {
            await client.end();
        }
        if (options.json)
            (0, output_1.printJson)(out, { database, created });
        else
            out.print(created ? `created database ${database}` : `database ${database} exists`);
    });
    db.command('migrate')
        .description('apply every pending migration')
        .option('--json', 'print {applied} as JSON')
        .action(async (options) => {
        const applied = await (0, command_support_1.withDatabase)((dataSource) => dataSource.runMigrations({ transaction: 'each' }), schema_1.MIGRATIONS);
        const names = applied.map((m) => m.name);
        if (options.json)
            (0, output_1.printJson)(out, { applied: names });
        else
            out.print(names.length ? `applied: ${names.join(', ')}` : 'schema is up to date');
    });
    db.command('rollback')
        .description('undo the most recent migration')
        .option('--json', 'print {rolled_back} as JSON (null when no migration was applied)')
        .action(async (options) => {
        const undone = await (0, command_support_1.withDatabase)(async (dataSource) => {
            const last = await lastMigration(dataSource);
            if (last !== undefined)
                await dataSource.undoLastMigration({ transaction: 'each' });
            return last;
        }, schema_1.MIGRATIONS);
        if (options.json)
            (0, output_1.printJson)(out, { rolledBack: undone ?? null });
        else
            out.print(undone ? `rolled back ${undone}` : 'no migration to roll back');
    });
}
//# sourceMappingURL=database.command.js.map