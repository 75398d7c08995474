/**
 * Every event a command appends carries `metadata.command_last_version`: the stream version of the
 * command's last event. A consumer that has an event whose stream version is below it holds only part
 * of that command; the rest follows in the same partition (one key per pilot), possibly in a later
 * fetch, or later still when the relay stopped between two of its sends.
 */
export interface CommandPart {
  offset: string;
  stream_id: string;
  stream_version: number;
  /** Absent on events appended before the field existed: each counts as complete. */
  command_last_version?: number;
}

/** A command that events hold only part of: the offsets of its first event and of its last one there. */
export interface IncompleteCommand {
  first: string;
  last: string;
}

/**
 * The earliest command (by its first event) that `events` (one partition, in offset order) hold only
 * part of; null when every command in them is whole. Applying the events before its first one and
 * none after it never shows a reader half a command. Its last event here moves on as its rest comes.
 */
export function incompleteCommand(events: readonly CommandPart[]): IncompleteCommand | null {
  const lastOfStream = new Map<string, number>();
  events.forEach((e, i) => lastOfStream.set(e.stream_id, i));
  let earliest: { first: bigint; last: string } | null = null;
  for (const i of lastOfStream.values()) {
    const last = events[i]!;
    const end = last.command_last_version;
    if (end === undefined || last.stream_version >= end) continue;
    // Walk back over the command's events already here: those of the stream with the same end.
    let first = i;
    for (let j = i - 1; j >= 0; j--) {
      const e = events[j]!;
      if (e.stream_id !== last.stream_id) continue;
      if (e.command_last_version !== end) break;
      first = j;
    }
    const offset = BigInt(events[first]!.offset);
    if (earliest === null || offset < earliest.first) earliest = { first: offset, last: last.offset };
  }
  return earliest === null ? null : { first: earliest.first.toString(), last: earliest.last };
}
