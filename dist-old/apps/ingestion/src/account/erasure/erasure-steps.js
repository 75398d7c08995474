"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ERASURE_STEPS = void 0;
const event_store_1 = require("../../../../../libs/event-store/src/index.js");
const platform_1 = require("../../../../../libs/platform/src/index.js");
const projections_1 = require("../../../../../libs/projections/src/index.js");
const disconnect_command_1 = require("../../consent/disconnect/disconnect.command");
const erasure_statements_1 = require("./erasure.statements");
/** A step of deletes in one transaction, marked done in it. */
const inOneTransaction = (work) => (ctx, markDone) => ctx.dataSource.transaction(async (tx) => {
    await work(tx, ctx.pilot);
    await markDone(tx);
});
/**
 * The erasure of a pilot's account, in order. Every step may be run again: a worker that dies mid-way
 * leaves the rest to the next, which starts at the first step not recorded done.
 */
exports.ERASURE_STEPS = [
    // First: a partner redeeming a code the pilot was given must not link after the disconnects.
    { name: 'delete-linking-codes', run: inOneTransaction(erasure_statements_1.ERASURE_DELETES.linkingCodes) },
    {
        // Through the pilot's own disconnect: PilotDisconnected in the consent stream (partners get
        // pilot.disconnected), and the partner read revision moved on before it returns, so no partner API
        // replica resolves the pilot_id any more.
        name: 'disconnect-connections',
        run: async (ctx, markDone) => {
            for (const connection of await ctx.consent.activeConnections(ctx.dataSource, ctx.pilot)) {
                await ctx.commandBus
                    .execute(new disconnect_command_1.DisconnectCommand(ctx.pilot, connection.connection_id, ctx.requestId))
                    .catch((err) => {
                    // Disconnected meanwhile (by the pilot, or a worker before a crash): what this step wants.
                    if (!(err instanceof platform_1.ApiError && err.code === 'CONNECTION_NOT_FOUND'))
                        throw err;
                });
            }
            await markDone(ctx.dataSource);
        },
    },
    {
        // The crypto-shredding: keys destroyed, write-side logbook rows deleted, AccountErased appended.
        name: 'erase-logbook',
        run: (ctx, markDone) => ctx.dataSource.transaction(async (tx) => {
            await (0, event_store_1.eraseLogbook)(tx, ctx.pilot, ctx.requestId);
            await markDone(tx);
        }),
    },
    // The projector deletes them too when it folds AccountErased; this does not wait for it.
    { name: 'delete-projection-rows', run: inOneTransaction(projections_1.deletePilotProjection) },
    { name: 'delete-live-answers', run: inOneTransaction(erasure_statements_1.ERASURE_DELETES.liveAnswers) },
    { name: 'delete-webhook-deliveries', run: inOneTransaction(erasure_statements_1.ERASURE_DELETES.webhookDeliveries) },
    { name: 'delete-dead-letters', run: inOneTransaction(erasure_statements_1.ERASURE_DELETES.deadLetters) },
    { name: 'delete-connections', run: inOneTransaction(erasure_statements_1.ERASURE_DELETES.connections) },
    {
        // Last, after the connections: a partner API replica's count of reads answered before the
        // disconnects resolves through them, so once they are gone none comes back (addPartnerReads), however
        // late it is written; one written before is deleted here.
        name: 'delete-access-history',
        run: (ctx, markDone) => ctx.dataSource.transaction(async (tx) => {
            await ctx.accessHistory.forgetPilot(ctx.pilot, tx);
            await markDone(tx);
        }),
    },
];
//# sourceMappingURL=erasure-steps.js.map