import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A request a receiver got, as it got it, with what the official library made of it. */
export interface ReceivedWebhook {
  at: number;
  headers: Record<string, string>;
  body: string;
  event: { id: string; type: string; created_at: string; api_version: string; data: Record<string, string> };
  /** The answer the receiver gave (or 0 when it gave none). */
  answered: number;
}

/** What to answer a request: a status (with headers), or `'hang'` to answer nothing at all. */
type Reply = number | 'hang' | { status: number; headers: Record<string, string> };
export type Answer = (event: ReceivedWebhook['event']) => Promise<Reply> | Reply;

/** A receiver on loopback, run by the test. */
export interface WebhookReceiver {
  url: string;
  /** Every request, in arrival order. */
  received: ReceivedWebhook[];
  /** The events answered 2xx, each once (by webhook-id), in the order first delivered. */
  delivered(): ReceivedWebhook['event'][];
  answer: Answer;
  close(): Promise<void>;
}

function headersOf(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
  );
}

/** Starts a receiver that answers `answer` (200 unless told otherwise). */
export async function startReceiver(answer: Answer = () => 200): Promise<WebhookReceiver> {
  const hanging = new Set<ServerResponse>();
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answer,
    delivered: () => {
      const seen = new Set<string>();
      return receiver.received
        .filter((r) => r.answered >= 200 && r.answered < 300)
        .map((r) => r.event)
        .filter((e) => !seen.has(e.id) && seen.add(e.id));
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const record: ReceivedWebhook = {
        at: Date.now(),
        headers: headersOf(req),
        body,
        event: JSON.parse(body) as ReceivedWebhook['event'],
        answered: 0,
      };
      receiver.received.push(record);
      void Promise.resolve(receiver.answer(record.event)).then((status) => {
        if (status === 'hang') {
          hanging.add(res);
          return;
        }
        const [code, headers] = typeof status === 'number' ? [status, {}] : [status.status, status.headers];
        record.answered = code;
        res.writeHead(code, headers).end();
      });
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

/** Verifies a request's signature with the official Standard Webhooks library; throws when it does not hold. */
export function verifySignature(secret: string, received: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(received.body, received.headers);
}
