import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

/** How late an idle process's 1 ms timer fired over a span: the machine's own stalls. */
export interface BystanderDelay {
  max_ms: number;
  p99_ms: number;
}

/**
 * A process that does nothing but let a 1 ms timer fire, measuring how late it fires (Node's event
 * loop delay histogram). It asks the machine for almost nothing, so what holds it up is the machine
 * itself: the other processes' turns on two cores, the host. Beside a paced run, it tells a stall of
 * the machine (every process late, the bystander too) from one of the server measured.
 */
const SOURCE = `
const { monitorEventLoopDelay } = require('node:perf_hooks');
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
process.on('message', (message) => {
  if (message === 'reset') delay.reset();
  process.send({ max_ms: +(delay.max / 1e6).toFixed(2), p99_ms: +(delay.percentile(99) / 1e6).toFixed(2) });
});
`;

export class Bystander {
  private constructor(private readonly child: ChildProcess) {}

  static async start(): Promise<Bystander> {
    const child = spawn(process.execPath, ['-e', SOURCE], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    const bystander = new Bystander(child);
    await bystander.ask('read');
    return bystander;
  }

  /** Starts a new span: what `read` gives from now on. */
  async reset(): Promise<void> {
    await this.ask('reset');
  }

  /** The timer's delays since the last `reset`. */
  read(): Promise<BystanderDelay> {
    return this.ask('read');
  }

  stop(): void {
    this.child.kill('SIGTERM');
  }

  private async ask(message: 'reset' | 'read'): Promise<BystanderDelay> {
    const answered = once(this.child, 'message') as Promise<[BystanderDelay]>;
    this.child.send(message);
    const [delay] = await answered;
    return delay;
  }
}
