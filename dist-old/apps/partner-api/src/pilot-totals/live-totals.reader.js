"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.computeLiveTotals = computeLiveTotals;
exports.recordLiveAnswers = recordLiveAnswers;
const contracts_1 = require("../../../../libs/contracts/src/index.js");
const domain_1 = require("../../../../libs/domain/src/index.js");
/**
 * Totals computed live from the write-side tables (current flights and starting totals), for linked
 * pilots the projection has no row for yet, or whose row is older than an answer given live before: a
 * pilot who imported a logbook and linked at once is read exactly, not as zeros, and `last_updated` may
 * then honestly be the time of the read. One snapshot for the tables and the stream version, so a
 * concurrent change is seen whole or not at all, and the version names exactly the totals given.
 */
async function computeLiveTotals(db, pilotAccountIds) {
    if (pilotAccountIds.length === 0)
        return new Map();
    return db.transaction('REPEATABLE READ', async (tx) => {
        const flights = await tx.query(`select pilot_account_id::text, flight from flights
        where pilot_account_id = any($1::uuid[]) and deleted_at is null`, [pilotAccountIds]);
        const starting = await tx.query(`select pilot_account_id::text, starting_totals from starting_totals where pilot_account_id = any($1::uuid[])`, [pilotAccountIds]);
        const versions = await tx.query(`select stream_id, max(stream_version) as stream_version from events
        where stream_id = any($1::text[]) group by stream_id`, [pilotAccountIds.map(contracts_1.logbookStreamId)]);
        const versionOf = new Map(versions.map((row) => [row.stream_id, row.stream_version]));
        const live = new Map();
        for (const account of pilotAccountIds) {
            live.set(account, {
                totals: (0, domain_1.computeTotals)(flights.filter((row) => row.pilot_account_id === account).map((row) => row.flight), starting.find((row) => row.pilot_account_id === account)?.starting_totals ?? null),
                streamVersion: versionOf.get((0, contracts_1.logbookStreamId)(account)) ?? 0,
            });
        }
        return live;
    });
}
/**
 * Records, before the answers are sent, the stream versions partners were just answered live through
 * their connections (`live_answers`, only ever raised): every replica's next read
 * then goes on computing live until the projection's row has caught up with it.
 */
async function recordLiveAnswers(db, answered) {
    const worthRecording = answered.filter((a) => a.streamVersion > 0);
    if (worthRecording.length === 0)
        return;
    await db.query(`insert into live_answers (connection_id, stream_version)
     select * from unnest($1::uuid[], $2::int[])
     on conflict (connection_id) do update set stream_version = excluded.stream_version
      where live_answers.stream_version < excluded.stream_version`, [worthRecording.map((a) => a.connectionId), worthRecording.map((a) => a.streamVersion)]);
}
//# sourceMappingURL=live-totals.reader.js.map