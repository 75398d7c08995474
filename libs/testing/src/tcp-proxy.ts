import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a real service, for taking it away from an app under test the way a
 * network or a crash does: `refuse()` drops every connection and refuses new ones (the service is
 * down), `blackhole()` keeps connections open but lets nothing through (a partition), `restore()`
 * forwards again. The app talks to the real service through it the rest of the time.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private mode: 'forward' | 'blackhole' = 'forward';

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
    /** The port the proxy listens on; it stays the same across refuse() and restore(). */
    public port: number,
  ) {}

  static async start(target: string): Promise<TcpProxy> {
    const url = new URL(target);
    const proxy = new TcpProxy(url.hostname, Number(url.port || 5432), 0);
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
   * Forward again. Connections that lost data while blackholed are cut (as a peer's reset would
   * cut them once the partition heals); new ones work.
   */
  async restore(): Promise<void> {
    if (this.mode === 'blackhole') {
      for (const pair of this.pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      this.pairs.clear();
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

  private accept(client: Socket): void {
    const upstream = connect(this.targetPort, this.targetHost);
    const pair = { client, upstream };
    this.pairs.add(pair);
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (this.mode === 'forward') to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const drop = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop).on('error', drop);
    upstream.on('close', drop).on('error', drop);
  }
}
