/** The stream moved on since the caller read it: the command must be decided again. */
export class StreamVersionConflict extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`stream ${streamId} is at version ${actual}, expected ${expected}`);
    this.name = 'StreamVersionConflict';
  }
}

/**
 * The data key the append sealed with was destroyed meanwhile (a writer's memory of it outlived an
 * erasure): nothing was written; the command is decided again and sealed with the pilot's current key.
 */
export class DataKeyGone extends Error {
  constructor(readonly pilotAccountId: string) {
    super(`the data key of pilot ${pilotAccountId} is gone`);
    this.name = 'DataKeyGone';
  }
}

export const isDataKeyGone = (err: unknown): boolean => {
  const e = err as { code?: unknown; hint?: unknown; message?: unknown };
  return e.code === 'P0002' && typeof e.message === 'string' && e.message.includes('data key');
};

/** A command holds the stream's lock: an append without a transaction of its own was refused (take_stream_lock). */
export const isStreamLockedElsewhere = (err: unknown): boolean =>
  (err as { code?: unknown }).code === 'PT409';

/** Another append took the same stream version first (only possible without the stream lock). */
export function isVersionClash(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && e.constraint === 'events_stream_version_unique';
}
