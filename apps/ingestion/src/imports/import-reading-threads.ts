import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type Flight } from '@pft/contracts';
import { type ImportView } from '@pft/logbook/domain';
import { ApiError } from '@pft/platform';
import { threadEntry, type ThreadEntry } from '@pft/platform/threads/thread-entry';
import {
  type ReadFlights,
  type ReadingAnswer,
  type ReadingInput,
  type ReadingMessage,
  type ReadingRequest,
  MORE,
} from './import-reading.messages';

/**
 * Reading threads of each ingestion process: a core left to the process's own thread, and at most 2
 * (a 50,000-row file takes a few hundred MB while it is read).
 */
export const READING_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));

/**
 * Files each process holds at most for reading, loaded or waiting for a thread: a request past them
 * waits its turn before it loads its file (up to 20 MB each).
 */
export const FILES_HELD = 8;

/** How long a reading thread is kept once idle, after which its memory goes with it. */
const IDLE_END_MS = 30_000;

/** A reading thread's code, and the Node options it starts with. */
export type ReadingThreadCode = ThreadEntry;

/**
 * import-reading.thread beside this file, of its kind: the built .js in the apps; run from the
 * TypeScript sources, the .ts, with the loader those who run them give (threadEntry).
 */
const threadCode = (): ReadingThreadCode => threadEntry(__dirname, 'import-reading.thread', __filename);

/** One reading thread, started when first asked and again after it stopped or ended idle. */
class ReadingThread {
  private worker?: Worker;
  private asked?: {
    worker: Worker;
    /** The flights sent ahead of the answer. */
    parts: Flight[];
    resolve: (answer: ReadingAnswer) => void;
    reject: (err: Error) => void;
  };
  private idleEnd?: NodeJS.Timeout;
  /** Closed with the process: no thread is started again. */
  private closed = false;

  constructor(
    private readonly code: ReadingThreadCode,
    private readonly idleEndMs: number,
  ) {}

  /** One request at a time: its place in ImportReadingThreads makes sure of that. */
  ask(request: ReadingRequest): Promise<ReadingAnswer> {
    clearTimeout(this.idleEnd);
    const worker = this.running();
    return new Promise<ReadingAnswer>((resolve, reject) => {
      this.asked = { worker, parts: [], resolve, reject };
      worker.ref();
      try {
        worker.postMessage(request);
      } catch (err) {
        this.settle(worker, (asked) => asked.reject(err as Error));
      }
    });
  }

  async end(): Promise<void> {
    clearTimeout(this.idleEnd);
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  /** Ends the thread for good: the process is stopping. */
  async close(): Promise<void> {
    this.closed = true;
    await this.end();
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    if (this.closed) throw new Error('the import reading threads are closed: the process is stopping');
    const worker = new Worker(this.code.file, this.code.execArgv ? { execArgv: this.code.execArgv } : {});
    worker.on('message', (message: ReadingMessage) => {
      if (!('part' in message))
        return this.settle(worker, (asked) => asked.resolve(withFlights(message, asked.parts)));
      if (this.asked?.worker !== worker) return;
      for (const flight of message.part) this.asked.parts.push(flight);
      worker.postMessage(MORE);
    });
    const stopped = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      this.settle(worker, (asked) => asked.reject(err));
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`the import reading thread stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private settle(worker: Worker, answer: (asked: NonNullable<ReadingThread['asked']>) => void): void {
    const asked = this.asked;
    if (asked?.worker !== worker) return;
    this.asked = undefined;
    worker.unref();
    answer(asked);
    if (this.worker === worker) this.idleEnd = setTimeout(() => void this.end(), this.idleEndMs).unref();
  }
}

/** Items lent to one holder at a time, waited for in turn. */
class Turns<T> {
  private readonly waiting: ((item: T) => void)[] = [];

  constructor(private readonly free: T[]) {}

  async with<R>(work: (item: T) => Promise<R>): Promise<R> {
    const item = this.free.pop() ?? (await new Promise<T>((resolve) => this.waiting.push(resolve)));
    try {
      return await work(item);
    } finally {
      const next = this.waiting.shift();
      if (next) next(item);
      else this.free.push(item);
    }
  }
}

/** A file's place among the FILES_HELD: the file it holds, read in the first reading thread free. */
export interface ReadingPlace {
  /** The import's preview; 413 or 415 for a file refused as a whole. */
  view(input: ReadingInput, importId: string, status: ImportView['status']): Promise<ImportView>;
  /** The import's valid flights and how many rows were not; 413 or 415 as `view`. */
  flights(input: ReadingInput): Promise<ReadFlights>;
}

/**
 * The threads that read uploaded logbook files (`readImport`, seconds of work for the largest), so
 * that one pilot's file never holds up the process's other requests. Each thread reads one file at a
 * time; reads wait for a free one in turn. A request takes a place among the files held before it
 * loads its file, so that files waiting to be read stay few.
 */
export class ImportReadingThreads {
  private readonly threads: ReadingThread[];
  private readonly freeThreads: Turns<ReadingThread>;
  private readonly files: Turns<number>;

  constructor(
    threads = READING_THREADS,
    code: ReadingThreadCode = threadCode(),
    options: { filesHeld?: number; idleEndMs?: number } = {},
  ) {
    const idleEndMs = options.idleEndMs ?? IDLE_END_MS;
    this.threads = Array.from({ length: threads }, () => new ReadingThread(code, idleEndMs));
    this.freeThreads = new Turns([...this.threads]);
    this.files = new Turns(Array.from({ length: options.filesHeld ?? FILES_HELD }, (_, i) => i));
  }

  /** Runs `work` once a place among the files held is free: the file it loads is read in its place. */
  withPlace<T>(work: (place: ReadingPlace) => Promise<T>): Promise<T> {
    const ask = (request: ReadingRequest) => this.freeThreads.with((thread) => thread.ask(request));
    return this.files.with(() =>
      work({
        view: async (input, importId, status) =>
          answered(await ask({ ...input, want: 'view', importId, status }), 'view'),
        flights: async (input) => answered(await ask({ ...input, want: 'flights' }), 'flights'),
      }),
    );
  }

  /** Ends every thread for good (the process is stopping): a read asked after fails. */
  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.close()));
  }
}

/** A `flights` answer with the flights sent ahead of it. */
function withFlights(answer: ReadingAnswer, parts: Flight[]): ReadingAnswer {
  return 'flights' in answer ? { flights: { ...answer.flights, flights: parts } } : answer;
}

/** What was asked, or the refusal of the file as a whole as its code (413, 415), or the thread's error. */
function answered<K extends 'view' | 'flights'>(
  answer: ReadingAnswer,
  asked: K,
): Extract<ReadingAnswer, Record<K, unknown>>[K] {
  if ('refused' in answer) {
    const { code, issue, message, line } = answer.refused;
    throw new ApiError(code, message, [
      { field: line === undefined ? 'body' : `line ${line}`, issue, message },
    ]);
  }
  if ('failed' in answer) throw new Error(`the import could not be read: ${answer.failed}`);
  if (!(asked in answer)) throw new Error(`the import reading thread did not answer ${asked}`);
  return (answer as Record<K, unknown>)[asked] as Extract<ReadingAnswer, Record<K, unknown>>[K];
}
