import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** What went through a CountingProxy since it started or was last reset. */
export interface ProtocolCounts {
  /** The frontend's messages by their type byte (`Q`, `P`, `B`, `E`, `S`, ...); the start-up message is not counted. */
  messages: Record<string, number>;
  /** Round trips: a simple query (`Q`) or an extended query's Sync (`S`) each wait for the server once. */
  round_trips: number;
  bytes_to_server: number;
  bytes_to_client: number;
  /** Each statement the frontend sent (simple or parsed), by its text up to STATEMENT_CHARS characters. */
  statements: Record<string, number>;
}

const STATEMENT_CHARS = 160;

/**
 * A TCP proxy in front of Postgres that counts the frontend's protocol messages by type and the bytes
 * each way: how many round trips and how much traffic a request costs, counts that do not move with
 * the machine's load as a rate does. It reads only the message framing (a type byte and a length).
 */
export class CountingProxy {
  private counts = emptyCounts();
  private readonly sockets = new Set<Socket>();

  private readonly server = createServer((client) => this.accept(client));
  /** The same database through the proxy, once it listens. */
  url = '';

  private constructor(private readonly target: URL) {}

  /** A proxy to the Postgres database at `databaseUrl`; `url` is the same database through it. */
  static async start(databaseUrl: string): Promise<CountingProxy> {
    const proxy = new CountingProxy(new URL(databaseUrl));
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    const through = new URL(databaseUrl);
    through.hostname = '127.0.0.1';
    through.port = String((proxy.server.address() as AddressInfo).port);
    proxy.url = through.toString();
    return proxy;
  }

  /** The counts so far, and a fresh start. */
  take(): ProtocolCounts {
    const counts = this.counts;
    this.counts = emptyCounts();
    return counts;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    const upstream = connect(Number(this.target.port || 5432), this.target.hostname);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    let pending: Buffer = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      this.counts.bytes_to_server += chunk.length;
      upstream.write(chunk);
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let at = 0;
      for (;;) {
        // The start-up message has no type byte: a length, then the rest.
        const head = started ? 1 : 0;
        if (pending.length - at < head + 4) break;
        const length = pending.readUInt32BE(at + head);
        if (pending.length - at < head + length) break;
        if (started) this.count(pending.subarray(at, at + 1 + length));
        started = true;
        at += head + length;
      }
      pending = pending.subarray(at);
    });
    upstream.on('data', (chunk: Buffer) => {
      this.counts.bytes_to_client += chunk.length;
      client.write(chunk);
    });
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  }

  /** One whole message: its type byte, its length, its body. */
  private count(message: Buffer): void {
    const type = String.fromCharCode(message[0]!);
    this.counts.messages[type] = (this.counts.messages[type] ?? 0) + 1;
    if (type === 'Q' || type === 'S') this.counts.round_trips++;
    // A simple query's body is its text; a Parse's is the statement's name, then its text.
    const text =
      type === 'Q'
        ? cString(message, 5)
        : type === 'P'
          ? cString(message, message.indexOf(0, 5) + 1)
          : undefined;
    if (text !== undefined) {
      const key = text.replace(/\s+/g, ' ').trim().slice(0, STATEMENT_CHARS);
      this.counts.statements[key] = (this.counts.statements[key] ?? 0) + 1;
    }
  }
}

function emptyCounts(): ProtocolCounts {
  return { messages: {}, round_trips: 0, bytes_to_server: 0, bytes_to_client: 0, statements: {} };
}

/** The zero-terminated UTF-8 string at `at`. */
const cString = (message: Buffer, at: number): string => message.toString('utf8', at, message.indexOf(0, at));
