import { type BatchPayload, type EventConsumer, type KafkaClient } from '@pft/platform';

type ConsumerOptions = Parameters<KafkaClient['consumer']>[0];

/**
 * `client` as a test hands it to the webhooks intake: each consumer made with `options` over the intake's
 * own, and each batch passed to `eachBatch` with `takeIn`, the intake's own handling of it, for the test to
 * hold it up, call it, and count what was taken in.
 */
export function intakeConsumers(
  client: KafkaClient,
  options: Partial<ConsumerOptions>,
  eachBatch: (payload: BatchPayload, takeIn: () => Promise<void>) => Promise<void>,
): KafkaClient {
  const watched = (consumer: EventConsumer): EventConsumer =>
    new Proxy(consumer, {
      get(target, prop, receiver) {
        if (prop !== 'run') return Reflect.get(target, prop, receiver) as unknown;
        return (run: Parameters<EventConsumer['run']>[0]) =>
          target.run({
            ...run,
            eachBatch: (payload: BatchPayload) => eachBatch(payload, () => run.eachBatch!(payload)),
          });
      },
    });
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop !== 'consumer') return Reflect.get(target, prop, receiver) as unknown;
      return (intakeOptions: ConsumerOptions) => watched(target.consumer({ ...intakeOptions, ...options }));
    },
  });
}
