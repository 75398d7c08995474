import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const ROOT = join(__dirname, '..', '..', '..');

interface Compose {
  services: Record<string, { image: string; ports?: string[] }>;
}

describe('docker-compose.yml describes the stack the scripts run', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as Compose;
  const pom = readFileSync(join(ROOT, 'infra', 'kafka', 'pom.xml'), 'utf8');

  it('parses and names the three services', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['kafka', 'postgres', 'redis']);
  });

  it('pins the same Kafka version as the broker the scripts fetch from Maven Central', () => {
    const fetched = /<kafka.version>([^<]+)<\/kafka.version>/.exec(pom)?.[1];
    expect(fetched).toBeDefined();
    expect(compose.services.kafka?.image).toBe(`apache/kafka:${fetched}`);
  });

  it('uses PostgreSQL 15 and Redis 7 on their usual loopback ports', () => {
    expect(compose.services.postgres?.image).toBe('postgres:15');
    expect(compose.services.redis?.image).toMatch(/^redis:7/);
    expect(compose.services.postgres?.ports).toEqual(['127.0.0.1:5432:5432']);
    expect(compose.services.redis?.ports).toEqual(['127.0.0.1:6379:6379']);
    expect(compose.services.kafka?.ports).toEqual(['127.0.0.1:9092:9092']);
  });
});
