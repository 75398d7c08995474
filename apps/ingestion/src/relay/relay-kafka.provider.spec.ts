import { type FactoryProvider } from '@nestjs/common';
import { type KafkaClient, loadConfig } from '@pft/platform';
import { createKafka } from '@pft/platform/kafka/kafka-factory';
import { IngestionConfig } from '../ingestion.config';
import { RelayConfig } from './relay.config';
import { relayKafka } from './relay-kafka';
import { relayKafkaProvider } from './relay-kafka.provider';

// The real factory, watched: which library each client is made with.
jest.mock('@pft/platform/kafka/kafka-factory', () => {
  const actual = jest.requireActual<typeof import('@pft/platform/kafka/kafka-factory')>(
    '@pft/platform/kafka/kafka-factory',
  );
  return { ...actual, createKafka: jest.fn(actual.createKafka) };
});

describe('relayKafka', () => {
  const appKafka = { producer: jest.fn() } as unknown as KafkaClient;
  const made = jest.mocked(createKafka);
  beforeEach(() => made.mockClear());

  it("is the app's own client when RELAY_KAFKA_CLIENT names the library KAFKA_CLIENT does", () => {
    const config = loadConfig(RelayConfig, { KAFKA_CLIENT: 'kafkajs', RELAY_KAFKA_CLIENT: 'kafkajs' });
    expect(relayKafka(config, appKafka)).toBe(appKafka);
    expect(made).not.toHaveBeenCalled();
  });

  it('is a platformatic client of its own by default, beside the app on kafkajs', () => {
    const kafka = relayKafka(loadConfig(RelayConfig, {}), appKafka);
    expect(kafka).not.toBe(appKafka);
    expect(made).toHaveBeenCalledTimes(1);
    expect(made.mock.calls[0]![4]).toBe('platformatic');
    expect(kafka).toBe(made.mock.results[0]!.value);
  });

  it('is a client of its own on RELAY_KAFKA_CLIENT without an app client to share (relay-main)', () => {
    relayKafka(loadConfig(RelayConfig, { KAFKA_CLIENT: 'platformatic', RELAY_KAFKA_CLIENT: 'kafkajs' }));
    expect(made.mock.calls[0]![4]).toBe('kafkajs');
  });
});

describe('relayKafkaProvider', () => {
  const appKafka = { producer: jest.fn() } as unknown as KafkaClient;
  const made = jest.mocked(createKafka);
  const provide = (relayKafkaProvider as FactoryProvider<KafkaClient | null>).useFactory;
  beforeEach(() => made.mockClear());

  it('makes no client when this process runs no relay (RELAY_ENABLED=false)', () => {
    expect(provide(loadConfig(IngestionConfig, { RELAY_ENABLED: 'false' }), appKafka)).toBeNull();
    expect(made).not.toHaveBeenCalled();
  });

  it("makes the relay's client when it runs the relay", () => {
    const kafka = provide(loadConfig(IngestionConfig, {}), appKafka);
    expect(made).toHaveBeenCalledTimes(1);
    expect(kafka).toBe(made.mock.results[0]!.value);
  });
});
