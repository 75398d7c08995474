import { type IncompleteCommand, incompleteCommand, type OpenedDecodeResult } from '@pft/contracts';
import { type ConsumedMessage } from '@pft/platform/kafka/kafka.port';

/** A message of the partition with what decoding it gave: what a consumer holds between fetches. */
export interface DecodedMessage {
  message: ConsumedMessage;
  decoded: OpenedDecodeResult;
}

/** A command held back, with how many messages would be held with it (it and all after it). */
export interface HeldCommandSize extends IncompleteCommand {
  messages: number;
}

/**
 * Whether a command the messages hold only part of waits for its rest: always (true, the default),
 * never (false: applied in parts), or as the caller decides for that command.
 */
export type HoldIncomplete = boolean | ((command: HeldCommandSize) => boolean);

/** The messages a batch applies now, and those it holds back for a later one. */
export interface HeldSplit {
  apply: DecodedMessage[];
  /** From the first event of the command held back on: empty when nothing is held back. */
  held: DecodedMessage[];
  heldCommand: IncompleteCommand | null;
}

const offsetOf = (m: DecodedMessage): bigint => BigInt(m.message.offset);

/**
 * The messages of a fetch that come after those held from earlier fetches: a fetch may bring again
 * some of what is held (read again from an earlier offset).
 */
export function afterHeld(
  held: readonly DecodedMessage[],
  messages: readonly ConsumedMessage[],
): readonly ConsumedMessage[] {
  const last = held[held.length - 1];
  if (last === undefined) return messages;
  const heldTo = offsetOf(last);
  return messages.filter((m) => BigInt(m.offset) > heldTo);
}

/**
 * Splits one partition's decoded messages (in offset order) at the earliest command they hold only part
 * of, if it is to be held back: the messages before it are applied, it and everything after it wait for
 * its rest. A message that does not decode takes no part in finding commands.
 */
export function splitAtIncompleteCommand(
  messages: readonly DecodedMessage[],
  holdIncomplete: HoldIncomplete = true,
): HeldSplit {
  const command =
    holdIncomplete === false
      ? null
      : incompleteCommand(
          messages.flatMap(({ message, decoded }) =>
            decoded.ok
              ? [
                  {
                    offset: message.offset,
                    stream_id: decoded.message.stream_id,
                    stream_version: decoded.message.stream_version,
                    command_last_version: decoded.message.metadata.command_last_version,
                  },
                ]
              : [],
          ),
        );
  if (command === null) return { apply: [...messages], held: [], heldCommand: null };
  const first = BigInt(command.first);
  const at = messages.findIndex((m) => offsetOf(m) >= first);
  const held = messages.slice(at);
  if (typeof holdIncomplete === 'function' && !holdIncomplete({ ...command, messages: held.length }))
    return { apply: [...messages], held: [], heldCommand: null };
  return { apply: messages.slice(0, at), held, heldCommand: command };
}
