import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type RebuildMember } from '@pft/totals/projection/projection-rebuild';
import { type FoldThreadData, type FoldThreadNews } from './fold-thread-messages';

/** The fold thread's code, built beside this file. */
const WORKER_FILE = join(__dirname, 'fold-thread.worker.js');

/** How long a stop waits for a thread to leave the group before ending it (its batches roll back). */
const STOP_WAIT_MS = 30_000;

/**
 * A member of the rebuild's consumer group in a thread of its own (fold-thread.worker.ts), so that a
 * rebuild uses more than the one core a JavaScript thread can. `lost` hears of a thread that stopped
 * on its own; its partitions go to the other members once the group finds it gone. `warn` hears what
 * its consumer warns of.
 */
class FoldThread implements RebuildMember {
  readonly started: Promise<void>;
  private readonly worker: Worker;
  private waiting?: { resolve: () => void; reject: (error: Error) => void };
  private stopping = false;

  constructor(
    version: number,
    private readonly lost: (reason: string) => void,
    warn: (message: string) => void,
    file: string,
  ) {
    this.worker = new Worker(file, { workerData: { version } satisfies FoldThreadData });
    this.started = this.next();
    this.worker.on('message', (news: FoldThreadNews) => {
      if (news.kind === 'warning') warn(news.message);
      else this.settle(news.kind === 'failed' ? new Error(news.message) : undefined);
    });
    this.worker.on('error', (error: Error) => this.settle(error));
    this.worker.on('exit', (code) => this.settle(new Error(`the fold thread ended (exit code ${code})`)));
  }

  async stop(): Promise<void> {
    if (this.stopping) {
      await this.worker.terminate();
      return;
    }
    this.stopping = true;
    const stopped = this.next();
    this.worker.postMessage('stop');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)));
    await Promise.race([stopped.catch(() => undefined), late]);
    clearTimeout(timer);
    await this.worker.terminate();
  }

  /** Ends the thread at once: for one that could not start. */
  async end(): Promise<void> {
    this.stopping = true;
    await this.worker.terminate();
  }

  private next(): Promise<void> {
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  private settle(error?: Error): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) {
      if (error) waiting.reject(error);
      else waiting.resolve();
    } else if (error && !this.stopping) {
      this.stopping = true;
      this.lost(error.message);
    }
  }
}

/**
 * Starts `count` fold threads of the version being built, each once started a member of its group.
 * If one cannot start, none is left running and its reason is thrown. `warn` hears what each thread's
 * consumer warns of, with the thread's number (from 2: the command's own consumer is the first member).
 * `file`: the thread's code, fold-thread.worker.js unless a test gives its own.
 */
export async function startFoldThreads(
  count: number,
  version: number,
  lost: (reason: string) => void,
  warn: (thread: number, message: string) => void,
  file = WORKER_FILE,
): Promise<RebuildMember[]> {
  const threads = Array.from(
    { length: count },
    (_, i) => new FoldThread(version, lost, (message) => warn(i + 2, message), file),
  );
  const outcomes = await Promise.allSettled(threads.map((thread) => thread.started));
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure === undefined) return threads;
  await Promise.all(
    threads.map((thread, i) => (outcomes[i]!.status === 'fulfilled' ? thread.stop() : thread.end())),
  );
  throw new Error(`a fold thread could not start: ${(failure.reason as Error).message}`);
}
