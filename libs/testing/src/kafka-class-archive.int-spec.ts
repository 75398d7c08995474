import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  FORMAT_JVM_OPTIONS,
  formatKafkaStorage,
  KAFKA_SCRIPT,
  kafkaLibs,
  LOG4J,
  newKafkaClusterId,
} from './kafka-broker';
import {
  CLASS_ARCHIVE_RETRY_MS,
  classArchivePath,
  classArchiveRun,
  type ClassArchiveSpec,
} from './kafka-class-archive';

/** Class-data archives of a copy of the broker's jars, made and used by real storage-format runs. */
describe('Kafka class-data archives', () => {
  let dir: string;
  let libs: string;
  let spec: ClassArchiveSpec;
  const archives = () => readdirSync(join(dir, 'kafka', 'class-archives')).sort();
  const format = async (): Promise<void> => {
    const run = mkdtempSync(join(dir, 'format-'));
    const props = join(run, 'server.properties');
    writeFileSync(
      props,
      execFileSync('bash', [KAFKA_SCRIPT, 'properties', join(run, 'data')], {
        env: { ...process.env, KAFKA_PORT: '19092', KAFKA_CONTROLLER_PORT: '19093' },
      }),
    );
    const log4j = [`-Dlog4j.configuration=file:${LOG4J}`, `-Dkafka.logs.dir=${join(run, 'logs')}`];
    await formatKafkaStorage(`${libs}/*`, log4j, newKafkaClusterId(), props);
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pft-kafka-cds-'));
    libs = join(dir, 'kafka', 'libs');
    cpSync(kafkaLibs(), libs, { recursive: true, preserveTimestamps: true });
    spec = { libs, name: 'probe', jvmOptions: ['-XX:+UseSerialGC'], mainClass: 'kafka.tools.StorageTool' };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is made by the first format, next to the jars, and used by the next one', async () => {
    await format();
    const made = archives();
    expect(made).toEqual([expect.stringMatching(/^storage-format-[0-9a-f]{16}\.jsa$/)]);
    const next = classArchiveRun({
      libs,
      name: 'storage-format',
      jvmOptions: FORMAT_JVM_OPTIONS,
      mainClass: 'kafka.tools.StorageTool',
    });
    const archive = join(dir, 'kafka', 'class-archives', made[0]!);
    expect(next).toMatchObject({ making: false, options: [`-XX:SharedArchiveFile=${archive}`] });
    // The tool's own classes come from it (-Xshare:on: a JVM that would not map it fails).
    const loaded = execFileSync(
      'java',
      [
        ...FORMAT_JVM_OPTIONS,
        ...next.options,
        '-Xshare:on',
        '-Xlog:class+load=info',
        '-cp',
        `${libs}/*`,
      ].concat(['kafka.tools.StorageTool', 'random-uuid']),
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    expect(loaded).toMatch(/kafka\.tools\.StorageTool source: shared objects file \(top\)/);
    await format();
    expect(archives()).toEqual(made);
  });

  it('is made by one run at a time; the others meanwhile go without it', async () => {
    const first = classArchiveRun(spec);
    const second = classArchiveRun(spec);
    expect(first.making).toBe(true);
    expect(first.options).toEqual([expect.stringMatching(/^-XX:ArchiveClassesAtExit=.*\.tmp$/)]);
    expect(second).toMatchObject({ making: false, options: [] });
    // Its JVM was killed: nothing is kept, and the next run may make it.
    await expect(first.finish(false)).resolves.toEqual([]);
    expect(archives()).toEqual([]);
    expect(classArchiveRun(spec).making).toBe(true);
  });

  it('is not kept when a JVM refuses it, and not tried again for those jars', async () => {
    const run = classArchiveRun(spec);
    const temp = run.options[0]!.split('=')[1]!;
    writeFileSync(temp, 'not an archive');
    await expect(run.finish(true)).resolves.toEqual([]);
    expect(archives()).toEqual([`${classArchivePath(spec).split('/').pop()}.failed`]);
    expect(classArchiveRun(spec)).toMatchObject({ making: false, options: [] });
  });

  /** Writes the archive's `.failed` marker, `ms` old; its path. */
  const failedAgo = (ms: number): string => {
    const failed = `${classArchivePath(spec)}.failed`;
    mkdirSync(dirname(failed), { recursive: true });
    writeFileSync(failed, '');
    utimesSync(failed, new Date(), new Date(Date.now() - ms));
    return failed;
  };

  it('is not tried again while its failure is younger than the bound', () => {
    const failed = failedAgo(CLASS_ARCHIVE_RETRY_MS - 5 * 60_000);
    expect(classArchiveRun(spec)).toMatchObject({ making: false, options: [] });
    expect(existsSync(failed)).toBe(true);
  });

  it('is tried again by one run once its failure is older than the bound', async () => {
    const failed = failedAgo(CLASS_ARCHIVE_RETRY_MS + 5 * 60_000);
    const again = classArchiveRun(spec);
    expect(again.making).toBe(true);
    expect(again.options).toEqual([expect.stringMatching(/^-XX:ArchiveClassesAtExit=.*\.tmp$/)]);
    expect(existsSync(failed)).toBe(false);
    expect(classArchiveRun(spec)).toMatchObject({ making: false, options: [] });
    // Failing again stops new attempts for another bound.
    writeFileSync(again.options[0]!.split('=')[1]!, 'not an archive');
    await expect(again.finish(true)).resolves.toEqual([]);
    expect(archives()).toEqual([`${classArchivePath(spec).split('/').pop()}.failed`]);
    expect(classArchiveRun(spec)).toMatchObject({ making: false, options: [] });
  });

  it('is tried again when its failure is dated after now, the clock set back since', () => {
    const failed = failedAgo(-(CLASS_ARCHIVE_RETRY_MS + 5 * 60_000));
    expect(classArchiveRun(spec).making).toBe(true);
    expect(existsSync(failed)).toBe(false);
  });

  it('is a new one when a jar changes', () => {
    const before = classArchivePath(spec);
    const jar = join(
      libs,
      readdirSync(libs).find((f) => f.startsWith('kafka-clients-'))!,
    );
    utimesSync(jar, new Date(), new Date(Date.now() - 60_000));
    expect(classArchivePath(spec)).not.toBe(before);
    expect(classArchivePath({ ...spec, jvmOptions: ['-XX:+UseG1GC'] })).not.toBe(classArchivePath(spec));
    expect(existsSync(classArchivePath(spec))).toBe(false);
  });
});
