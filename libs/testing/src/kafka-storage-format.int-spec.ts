import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatKafkaStorage, KAFKA_SCRIPT, kafkaLibs, LOG4J, newKafkaClusterId } from './kafka-broker';

/** The storage tool on a node's server.properties, as a test's own broker and cluster format theirs. */
describe('formatKafkaStorage', () => {
  let dir: string;
  let classpath: string;
  const log4j = () => [`-Dlog4j.configuration=file:${LOG4J}`, `-Dkafka.logs.dir=${join(dir, 'logs')}`];
  const properties = (data: string): string => {
    const props = join(dir, 'server.properties');
    writeFileSync(
      props,
      execFileSync('bash', [KAFKA_SCRIPT, 'properties', data], {
        env: { ...process.env, KAFKA_PORT: '19092', KAFKA_CONTROLLER_PORT: '19093' },
      }),
    );
    return props;
  };

  beforeAll(() => {
    classpath = `${kafkaLibs()}/*`;
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pft-kafka-format-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('formats the data directory for the cluster id while the event loop goes on', async () => {
    const data = join(dir, 'data');
    const clusterId = newKafkaClusterId();
    let ticks = 0;
    const tick = setInterval(() => ticks++, 20);
    try {
      await formatKafkaStorage(classpath, log4j(), clusterId, properties(data));
    } finally {
      clearInterval(tick);
    }
    expect(readFileSync(join(data, 'meta.properties'), 'utf8')).toContain(`cluster.id=${clusterId}`);
    // The tool's JVM runs for most of a second at least: a format that blocked would let no timer fire.
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it("rejects with the tool's stderr when the configuration is refused", async () => {
    const props = properties(join(dir, 'data'));
    writeFileSync(props, readFileSync(props, 'utf8').replace(/^node\.id=.*$/m, ''));
    await expect(formatKafkaStorage(classpath, log4j(), newKafkaClusterId(), props)).rejects.toThrow(
      'Missing configuration `node.id`',
    );
  });
});
