import { startReceiver, type WebhookReceiver } from './webhook-receiver';
import { startWebhookStack, type WebhookStack } from './webhooks.harness';

/** A suite's webhook stack and the receivers its tests start. */
export interface WebhookSuite {
  /** The stack, once the suite's beforeAll has started it. */
  readonly stack: WebhookStack;
  /** A receiver on loopback (startReceiver), closed when the suite ends. */
  receiver(...args: Parameters<typeof startReceiver>): Promise<WebhookReceiver>;
}

/**
 * Starts the webhook stack `name` (startWebhookStack, `env` added) before the suite's tests and stops it
 * after them, with every receiver they started.
 */
export function webhookSuite(name: string, env: Record<string, string> = {}): WebhookSuite {
  let started: WebhookStack | undefined;
  const receivers: WebhookReceiver[] = [];
  beforeAll(async () => {
    started = await startWebhookStack(name, env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await started?.stop();
  });
  return {
    get stack(): WebhookStack {
      if (!started) throw new Error(`the webhook stack ${name} did not start`);
      return started;
    },
    async receiver(...args) {
      const receiver = await startReceiver(...args);
      receivers.push(receiver);
      return receiver;
    },
  };
}
