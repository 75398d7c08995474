import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

interface Pair {
  client: Socket;
  upstream: Socket;
  /** Nothing passes on this connection any more, though it stays open. */
  stranded: boolean;
}

/**
 * A TCP proxy in front of a real service, for taking it away from an app under test the way a
 * network or a crash does: `refuse()` drops every connection and refuses new ones (the service is
 * down), `blackhole()` keeps connections open but lets nothing through (a partition), `strand()`
 * silences the open connections only (a server gone without a word, its replacement reachable),
 * `restore()` forwards again. The app talks to the real service through it the rest of the time.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly pairs = new Set<Pair>();
  private mode: 'forward' | 'blackhole' = 'forward';
  /** Writes from the app's side that did not get through (blackholed or stranded), since the start. */
  droppedWrites = 0;
  /** Set by blackholeAfter: the write that springs it, and what then happens to it. */
  private trap: { marker: Buffer; deliver: boolean; sprung: () => void } | undefined;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
    /** The port the proxy listens on; it stays the same across refuse() and restore(). */
    public port: number,
  ) {}

  /** A proxy to the service at `target` (a postgres:// or redis:// URL). */
  static async start(target: string): Promise<TcpProxy> {
    const url = new URL(target);
    const defaultPort = url.protocol.startsWith('redis') ? 6379 : 5432;
    const proxy = new TcpProxy(url.hostname, Number(url.port || defaultPort), 0);
    await proxy.listen();
    return proxy;
  }

  /** `serviceUrl` with its host and port replaced by the proxy's. */
  rewrite(serviceUrl: string): string {
    const url = new URL(serviceUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** The service is down: every connection is cut and new ones are refused. */
  async refuse(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    this.pairs.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Nothing gets through, in either direction, on open or new connections. */
  blackhole(): void {
    this.mode = 'blackhole';
  }

  /**
   * The next write from the app's side that holds `marker` (the COMMIT of a transaction, a value only
   * one statement carries) is let through when `deliver`, else dropped, and from then on nothing gets
   * through, as after blackhole(): a connection lost right after a statement was sent, the statement
   * having reached the server or not. Resolves once that write has come.
   */
  blackholeAfter(marker: string, options: { deliver: boolean }): Promise<void> {
    return new Promise((sprung) => {
      this.trap = { marker: Buffer.from(marker), deliver: options.deliver, sprung };
    });
  }

  /** The connections open now go silent for good (they stay open); new ones are forwarded. */
  strand(): void {
    for (const pair of this.pairs) pair.stranded = true;
  }

  /**
   * Forward again. Connections that lost data while blackholed or stranded are cut (as a peer's
   * reset would cut them); new ones work.
   */
  async restore(): Promise<void> {
    for (const pair of this.pairs) {
      if (this.mode === 'blackhole' || pair.stranded) {
        pair.client.destroy();
        pair.upstream.destroy();
        this.pairs.delete(pair);
      }
    }
    this.mode = 'forward';
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.refuse();
  }

  private async listen(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  private springs(chunk: Buffer): boolean {
    return this.mode === 'forward' && this.trap !== undefined && chunk.includes(this.trap.marker);
  }

  private accept(client: Socket): void {
    const upstream = connect(this.targetPort, this.targetHost);
    const pair: Pair = { client, upstream, stranded: false };
    this.pairs.add(pair);
    const forward = (from: Socket, to: Socket, fromApp: boolean) =>
      from.on('data', (chunk: Buffer) => {
        if (fromApp && this.springs(chunk)) {
          if (this.trap?.deliver) to.write(chunk);
          else this.droppedWrites++;
          this.mode = 'blackhole';
          this.trap?.sprung();
          this.trap = undefined;
        } else if (this.mode === 'forward' && !pair.stranded) to.write(chunk);
        else if (fromApp) this.droppedWrites++;
      });
    forward(client, upstream, true);
    forward(upstream, client, false);
    const drop = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop).on('error', drop);
    upstream.on('close', drop).on('error', drop);
  }
}
