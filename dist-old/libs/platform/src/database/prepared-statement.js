"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PreparedStatement = void 0;
exports.queryPrepared = queryPrepared;
const node_crypto_1 = require("node:crypto");
const typeorm_1 = require("typeorm");
const rows_of_1 = require("./rows-of");
/** Postgres's refusal of a saved statement whose tables changed the shape of its result. */
function isStalePlan(err) {
    const e = err;
    return (e.code === '0A000' && typeof e.message === 'string' && e.message.includes('must not change result type'));
}
const isEntityManager = (target) => target['@instanceof'] === Symbol.for('EntityManager');
const poolOf = (dataSource) => dataSource.driver.master;
const boundConnectionOf = (runner) => runner.databaseConnection;
/** The pool or the bound connection to run on; undefined when the bound connection is not open yet. */
function clientOf(target) {
    if (typeorm_1.InstanceChecker.isDataSource(target))
        return poolOf(target);
    if (isEntityManager(target)) {
        return target.queryRunner ? boundConnectionOf(target.queryRunner) : poolOf(target.connection);
    }
    return boundConnectionOf(target);
}
/**
 * A statement run on every request, which Postgres plans once per connection and then reuses (a named
 * prepared statement) instead of planning it afresh on each call: for the partner read of 50 pilots,
 * planning took longer than running it (1.3 ms against 0.7 ms).
 *
 * A view replaced with other columns (a rebuild switching versions) makes Postgres refuse the saved
 * statement ("cached plan must not change result type"); it is then prepared again under a new name,
 * once per connection, and the call goes through.
 */
class PreparedStatement {
    name;
    text;
    generation = 0;
    constructor(name, text) {
        this.name = name;
        this.text = text;
    }
    async rows(target, values) {
        const client = clientOf(target);
        // A query runner not connected yet connects on its first query: that one goes through TypeORM.
        if (!client)
            return (0, rows_of_1.rowsOf)(await target.query(this.text, values));
        const generation = this.generation;
        try {
            return (await client.query({ name: `${this.name}-${generation}`, text: this.text, values }))
                .rows;
        }
        catch (err) {
            if (!isStalePlan(err))
                throw err;
            if (this.generation === generation)
                this.generation++;
            return (await client.query({ name: `${this.name}-${this.generation}`, text: this.text, values }))
                .rows;
        }
    }
}
exports.PreparedStatement = PreparedStatement;
/** Statements prepared by `queryPrepared`, by text; bounded, as a guard against texts built per call. */
const byText = new Map();
const MAX_TEXTS = 100;
/** True for what `PreparedStatement` can run on: a TypeORM DataSource, EntityManager or QueryRunner. */
function isStatementTarget(runner) {
    const r = runner;
    return r.driver !== undefined || r.connection?.driver !== undefined;
}
/**
 * The rows of `text` run as a prepared statement named after the text (see PreparedStatement), when
 * `runner` is a TypeORM DataSource, EntityManager or QueryRunner; any other runner (a pg client in a test) runs
 * it as a plain query. For statements whose rows the caller reads: the rows are handed back as they
 * are, whatever the statement's command.
 */
async function queryPrepared(runner, text, values) {
    if (!isStatementTarget(runner)) {
        return (0, rows_of_1.rowsOf)(await runner.query(text, values));
    }
    let statement = byText.get(text);
    if (!statement) {
        if (byText.size >= MAX_TEXTS)
            byText.clear();
        statement = new PreparedStatement(`pft-${(0, node_crypto_1.createHash)('sha1').update(text).digest('hex').slice(0, 16)}`, text);
        byText.set(text, statement);
    }
    return statement.rows(runner, values);
}
//# sourceMappingURL=prepared-statement.js.map