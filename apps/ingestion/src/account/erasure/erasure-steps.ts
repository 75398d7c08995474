import { type CommandBus } from '@nestjs/cqrs';
import { type DataSource } from 'typeorm';
import { consentStreamId } from '@pft/contracts';
import { lockStream } from '@pft/event-store/stream-lock';
import { type AccessHistory } from '@pft/partners';
import { ERASURE_DELETES } from '@pft/privacy';
import { eraseLogbook } from '@pft/privacy';
import { ApiError, type Queryable } from '@pft/platform';
import { deletePilotProjection } from '@pft/totals';
import { DisconnectCommand, type DisconnectOutcome } from '../../consent/disconnect/disconnect.command';
import { type AccountErasuresRepository } from '../account-erasures.repository';

export interface ErasureContext {
  pilot: string;
  /** Which erasure of the account this is (PendingErasure.requested_at). */
  requestedAt: string;
  requestId: string;
  dataSource: DataSource;
  commandBus: CommandBus;
  erasures: AccountErasuresRepository;
  accessHistory: AccessHistory;
}

export interface ErasureStep {
  /** Recorded in `account_erasures.steps_done` once done: a resumed erasure skips it. */
  name: string;
  /** Done in `tx` when the step is one transaction; `markDone` is then part of it. */
  run(ctx: ErasureContext, markDone: (tx: Queryable) => Promise<void>): Promise<void>;
}

/** A step of deletes in one transaction, marked done in it. */
const inOneTransaction =
  (work: (tx: Queryable, pilot: string) => Promise<unknown>): ErasureStep['run'] =>
  (ctx, markDone) =>
    ctx.dataSource.transaction(async (tx) => {
      await work(tx, ctx.pilot);
      await markDone(tx);
    });

/**
 * The erasure of a pilot's account, in order. Every step may be run again: a worker that dies mid-way
 * leaves the rest to the next, which starts at the first step not recorded done.
 */
export const ERASURE_STEPS: readonly ErasureStep[] = [
  // First: a partner redeeming a code the pilot was given must not link after the disconnects. Under
  // the consent stream's lock, as codes are issued: one being issued now is either deleted here or
  // refused, the erasure being asked for (ConsentRepository.saveLinkingCode).
  {
    name: 'delete-linking-codes',
    run: inOneTransaction(async (tx, pilot) => {
      await lockStream(tx, consentStreamId(pilot));
      await ERASURE_DELETES.linkingCodes(tx, pilot);
    }),
  },
  {
    // Through the pilot's own disconnect: PilotDisconnected in the consent stream (partners get
    // pilot.disconnected), and the partner read revision moved on after each, so no partner API
    // replica resolves the pilot_id any more. When Redis cannot be told, the step waits out
    // PARTNER_TOTALS_CACHE_MS once, after the last disconnect, before it is recorded done: once for all
    // the connections, not once each (an account with many outlasted the hold). Only this erasure's
    // connections: none once it has completed, so a worker held up past its hold never ends those of
    // the account started again since.
    name: 'disconnect-connections',
    run: async (ctx, markDone) => {
      let untoldWaitMs = 0;
      for (const connectionId of await ctx.erasures.connectionsToEnd(
        ctx.dataSource,
        ctx.pilot,
        ctx.requestedAt,
      )) {
        const outcome = await ctx.commandBus
          .execute<DisconnectCommand, DisconnectOutcome>(
            new DisconnectCommand(ctx.pilot, connectionId, ctx.requestId, false),
          )
          .catch((err: unknown): DisconnectOutcome => {
            // Disconnected meanwhile (by the pilot, or a worker before a crash): what this step wants.
            if (err instanceof ApiError && err.code === 'CONNECTION_NOT_FOUND') return { untoldWaitMs: 0 };
            throw err;
          });
        untoldWaitMs = Math.max(untoldWaitMs, outcome.untoldWaitMs);
      }
      if (untoldWaitMs > 0) await new Promise((resolve) => setTimeout(resolve, untoldWaitMs));
      await markDone(ctx.dataSource);
    },
  },
  {
    // The crypto-shredding: keys destroyed, write-side logbook rows deleted, AccountErased appended.
    name: 'erase-logbook',
    run: (ctx, markDone) =>
      ctx.dataSource.transaction(async (tx) => {
        await eraseLogbook(tx, ctx.pilot, ctx.requestId);
        await markDone(tx);
      }),
  },
  // The projector deletes them too when it folds AccountErased; this does not wait for it.
  { name: 'delete-projection-rows', run: inOneTransaction(deletePilotProjection) },
  { name: 'delete-live-answers', run: inOneTransaction(ERASURE_DELETES.liveAnswers) },
  { name: 'delete-webhook-deliveries', run: inOneTransaction(ERASURE_DELETES.webhookDeliveries) },
  { name: 'delete-dead-letters', run: inOneTransaction(ERASURE_DELETES.deadLetters) },
  { name: 'delete-idempotency-keys', run: inOneTransaction(ERASURE_DELETES.idempotencyKeys) },
  { name: 'delete-connections', run: inOneTransaction(ERASURE_DELETES.connections) },
  {
    // Last, after the connections: a partner API replica's count of reads answered before the
    // disconnects resolves through them, so once they are gone none comes back (addPartnerReads), however
    // late it is written; one written before is deleted here.
    name: 'delete-access-history',
    run: (ctx, markDone) =>
      ctx.dataSource.transaction(async (tx) => {
        await ctx.accessHistory.forgetPilot(ctx.pilot, tx);
        await markDone(tx);
      }),
  },
];
