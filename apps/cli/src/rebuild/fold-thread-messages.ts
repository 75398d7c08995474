/** What `pft projections rebuild` gives each of its fold threads. */
export interface FoldThreadData {
  /** The projection version being built, whose consumer group the thread joins. */
  version: number;
}

/**
 * What a fold thread tells the command: started, stopped, or why it could not do either; and, on the
 * way, what its consumer warns of (stopped and restarting, a dead letter, a command applied in parts).
 */
export type FoldThreadNews =
  | { kind: 'started' }
  | { kind: 'stopped' }
  | { kind: 'failed'; message: string }
  | { kind: 'warning'; message: string };
