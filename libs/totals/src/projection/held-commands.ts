import { type IncompleteCommand } from '@pft/contracts';
import { type DecodedMessage, type HeldCommandSize } from './batch-messages';

/**
 * How long a command held back may go without more of it coming before the partition's next batch
 * applies it in parts: its rest may never come (its last event unreadable, so never seen as its end).
 * A command whose rest is still coming (a 50,000-flight import sent by the relay 500 events at a time,
 * or a relay that stopped between two sends and started again) grows meanwhile and is never cut.
 */
export const HOLD_LIMIT_MS = 60_000;

/**
 * How many messages a partition holds back at most: a 50,000-flight import (the largest command, about
 * 2.5 KB in memory per event with its decoding) and as many of other pilots' events after it. A command
 * that would hold back more is applied in parts.
 */
export const HOLD_MAX_MESSAGES = 100_000;

interface Held {
  messages: DecodedMessage[];
  command: IncompleteCommand;
  /** When the command was first held back, or last grew. */
  since: number;
  /** The offset after the last fetch that was held: where the partition's next fetch begins. */
  readTo: bigint;
}

const sameCommand = (a: IncompleteCommand | undefined, b: IncompleteCommand): boolean =>
  a !== undefined && a.first === b.first && a.last === b.last;

/**
 * Per partition, the messages a batch held back (a command it holds only part of, and everything after
 * it), decoded, kept in memory for the partition's next batch, which applies them with its own: so a
 * command longer than a fetch is applied whole, in one transaction, however many fetches it spans. The
 * offset stored meanwhile is the command's first event, so a consumer that stops or loses the partition
 * reads it again whole from there; what it held is then forgotten (`forget`, `forgetAll`).
 */
export class HeldCommands {
  private readonly held = new Map<number, Held>();

  /**
   * `report` is told how many messages all partitions hold back whenever that changes (the projector's
   * `pft_projection_held_messages`).
   */
  constructor(
    private readonly now: () => number = Date.now,
    private readonly limits = { stallMs: HOLD_LIMIT_MS, maxMessages: HOLD_MAX_MESSAGES },
    private readonly report: (heldMessages: number) => void = () => undefined,
  ) {}

  /** The messages all partitions hold back. */
  get messages(): number {
    let total = 0;
    for (const { messages } of this.held.values()) total += messages.length;
    return total;
  }

  private changed(): void {
    this.report(this.messages);
  }

  /**
   * The messages the partition holds back, to go before a fetch that begins at `fetchedFrom`. A fetch
   * that begins past where the last one ended (the partition was sought elsewhere) forgets them: the
   * batch then begins past the stored offset, and the partition is read again from there.
   */
  before(partition: number, fetchedFrom: string): readonly DecodedMessage[] {
    const held = this.held.get(partition);
    if (held === undefined) return [];
    if (BigInt(fetchedFrom) > held.readTo) {
      this.held.delete(partition);
      this.changed();
      return [];
    }
    return held.messages;
  }

  /**
   * Whether a batch of the partition holds `command` back (again): not once the same command has gone
   * without growing for longer than HOLD_LIMIT_MS, nor when that would hold more than HOLD_MAX_MESSAGES.
   */
  holds(partition: number, command: HeldCommandSize): boolean {
    if (command.messages > this.limits.maxMessages) return false;
    const held = this.held.get(partition);
    return !(held && sameCommand(held.command, command) && this.now() - held.since > this.limits.stallMs);
  }

  /**
   * A batch of the partition, read to `lastOffset`, committed and held these messages back (none: the
   * partition holds nothing any more).
   */
  keep(
    partition: number,
    outcome: { held: DecodedMessage[]; heldCommand: IncompleteCommand | null },
    lastOffset: string,
  ): void {
    const { held: messages, heldCommand: command } = outcome;
    if (command === null || messages.length === 0) {
      this.forget(partition);
      return;
    }
    const before = this.held.get(partition);
    const since = before && sameCommand(before.command, command) ? before.since : this.now();
    this.held.set(partition, { messages, command, since, readTo: BigInt(lastOffset) + 1n });
    this.changed();
  }

  /** The partition is read again from its stored offset, or is no longer this consumer's. */
  forget(partition: number): void {
    if (this.held.delete(partition)) this.changed();
  }

  /** A join of the group (a rebalance, a restart): every partition is read again from its stored offset. */
  forgetAll(): void {
    if (this.held.size === 0) return;
    this.held.clear();
    this.changed();
  }
}
