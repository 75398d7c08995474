import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Logger } from '@nestjs/common';
import { TcpProxy, TEST_KAFKA_BROKERS } from '@pft/testing';
import { DependencyProbes } from '../health/dependency-probes';
import { KafkaReadiness } from './kafka-readiness';

const readiness = (brokers: string): KafkaReadiness =>
  new KafkaReadiness({
    KAFKA_BROKERS: brokers,
    KAFKA_CLIENT_ID: 'pilot-flight-totals',
    KAFKA_CLIENT: 'kafkajs',
  });

/** A peer that takes connections and never answers: a broker behind a partition. */
async function silentPeer(): Promise<{ address: string; accepted: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket)).on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    accepted: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('Kafka readiness (real broker)', () => {
  const made: KafkaReadiness[] = [];
  const check = (brokers: string): KafkaReadiness => {
    const r = readiness(brokers);
    made.push(r);
    return r;
  };
  beforeAll(() => {
    Logger.overrideLogger(false);
  });
  afterAll(async () => {
    await Promise.all(made.map((r) => r.onApplicationShutdown()));
  });

  it('passes while the broker answers, again and again on its one connection', async () => {
    const kafka = check(TEST_KAFKA_BROKERS);
    for (let i = 0; i < 3; i++) await expect(kafka.check()).resolves.toBeUndefined();
  });

  it('fails when the broker cannot be reached, and passes again on the same instance once it can', async () => {
    const [host, port] = TEST_KAFKA_BROKERS.split(',')[0]!.split(':');
    const proxy = await TcpProxy.start(`kafka://${host}:${port}`);
    try {
      await proxy.refuse();
      const kafka = check(`127.0.0.1:${proxy.port}`);
      await expect(kafka.check()).rejects.toThrow();
      await expect(kafka.check()).rejects.toThrow();
      await proxy.restore();
      await expect(kafka.check()).resolves.toBeUndefined();
    } finally {
      await proxy.close();
    }
  });

  it('never opens more than one connection per round of probes, however many ask, while the broker is silent', async () => {
    const peer = await silentPeer();
    try {
      const probes = new DependencyProbes([{ check: check(peer.address), role: 'degradable' }], 2000);
      const rounds = 3;
      for (let round = 0; round < rounds; round++) {
        const results = await Promise.all(Array.from({ length: 10 }, () => probes.probe()));
        expect(results.every(([r]) => r?.state === 'down')).toBe(true);
      }
      // A client per probe would connect ten times a round. One check at a time, on one admin: at most
      // one connection a round (none when the round joins the previous round's check still waiting).
      expect(peer.accepted()).toBeGreaterThanOrEqual(1);
      expect(peer.accepted()).toBeLessThanOrEqual(rounds);
      probes.onApplicationShutdown();
    } finally {
      await peer.close();
    }
  });
});
