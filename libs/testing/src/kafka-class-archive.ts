import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';

/** Which JVM an archive serves: the classes it loads depend on all of these. */
export interface ClassArchiveSpec {
  /** The jars' directory (`.stack/kafka/libs`); the classpath is `<libs>/*`. */
  libs: string;
  /** A name for the kind of run, e.g. `broker`: the archive is `<libs>/../class-archives/<name>-<hash>.jsa`. */
  name: string;
  jvmOptions: string[];
  mainClass: string;
}

/** The options of one JVM run, and what to do once it ended. */
export interface ClassArchiveRun {
  /** JVM options to add: use the archive, or (`making`) write it at exit, or none. */
  options: string[];
  /** This run writes the archive at its exit (`-XX:ArchiveClassesAtExit`). */
  making: boolean;
  /**
   * Call once the JVM has exited, `clean` when it exited by itself or on SIGTERM (not killed): a made
   * archive that a JVM accepts takes its place, for every later run. Resolves to the options the
   * next runs of this kind take (the archive, or none).
   */
  finish(clean: boolean): Promise<string[]>;
}

const LOCK_STALE_MS = 15 * 60_000;

/**
 * How long a `.failed` marker stops new attempts to make its archive. A failure may be passing (a
 * JVM stopped while it wrote the archive, a disk full for a moment): an older marker is removed and
 * the archive tried again. A JVM that always fails to make it costs one making run an hour, which
 * is little beside the runs that go without it meanwhile, and a bound this long keeps a suite's
 * many runs from each trying it again.
 */
export const CLASS_ARCHIVE_RETRY_MS = 60 * 60_000;

function javaIdentity(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const java = join(dir, 'java');
    if (!dir || !existsSync(java)) continue;
    const real = realpathSync(java);
    const jvm = join(dirname(real), '..', 'lib', 'server', 'libjvm.so');
    const stamp = (f: string) => (existsSync(f) ? `${statSync(f).size}:${statSync(f).mtimeMs}` : '-');
    return `${real} ${stamp(real)} ${stamp(jvm)}`;
  }
  return 'java';
}

/** `<libs>/../class-archives/<name>-<hash>.jsa`: a hash of the JDK, the jars and the options. */
export function classArchivePath(spec: ClassArchiveSpec): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([javaIdentity(), spec.name, spec.mainClass, spec.jvmOptions]));
  const libs = realpathSync(spec.libs);
  hash.update(`${libs} ${statSync(libs).mtimeMs}\n`);
  for (const jar of readdirSync(libs).sort()) {
    const s = statSync(join(libs, jar));
    hash.update(`${jar} ${s.size} ${s.mtimeMs}\n`);
  }
  const id = hash.digest('hex').slice(0, 16);
  return join(dirname(libs), 'class-archives', `${spec.name}-${id}.jsa`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `<archive>.lock` (O_EXCL, holding our pid); a lock of a dead process or too old is broken once. */
function takeLock(lock: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return false;
      let pid: number;
      let age: number;
      try {
        pid = Number(readFileSync(lock, 'utf8'));
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (Number.isInteger(pid) && pid > 0 && alive(pid) && age < LOCK_STALE_MS) return false;
      rmSync(lock, { force: true });
    }
  }
  return false;
}

/**
 * A `.failed` marker dated this far after now was written before the machine's clock was set back: it
 * has no age to go by. (One written a moment ago may read a fraction of a millisecond ahead: the file's
 * time is finer than Date.now's.)
 */
const CLOCK_SET_BACK_MS = 60_000;

/**
 * Whether a `.failed` marker is there and younger than CLASS_ARCHIVE_RETRY_MS. One written before the
 * clock was set back (CLOCK_SET_BACK_MS) counts as expired, or it would stop every attempt until the
 * clock caught up with it.
 */
function freshFailure(failed: string): boolean {
  try {
    const age = Date.now() - statSync(failed).mtimeMs;
    return age > -CLOCK_SET_BACK_MS && age < CLASS_ARCHIVE_RETRY_MS;
  } catch {
    return false; // none (or removed meanwhile)
  }
}

/** Whether a JVM with these options maps the archive (-Xshare:on fails when it would not). */
async function accepted(spec: ClassArchiveSpec, archive: string): Promise<boolean> {
  try {
    await promisify(execFile)(
      'java',
      [
        ...spec.jvmOptions,
        `-XX:SharedArchiveFile=${archive}`,
        '-Xshare:on',
        '-cp',
        `${spec.libs}/*`,
        '-version',
      ],
      { cwd: tmpdir() }, // an archive cut short crashes the VM (not refused): its hs_err file goes there
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * Application class-data sharing for a test's Kafka JVMs: a dynamic archive of the classes such a
 * run loads, made once per JDK, set of jars and JVM options (the hash in its name) and then mapped
 * by every run, which then neither parses nor verifies those classes again. The first run that finds
 * no archive and takes the lock writes it at its exit to a name of its own and renames it into place;
 * runs meanwhile go without it. When it cannot be made or is refused, a `<archive>.failed` marker
 * stops new attempts and runs go without it; a marker older than CLASS_ARCHIVE_RETRY_MS is removed
 * under the lock and the archive tried again, so a failure that passes does not last, and one that
 * stays costs one attempt an hour.
 */
export function classArchiveRun(spec: ClassArchiveSpec): ClassArchiveRun {
  const none: ClassArchiveRun = { options: [], making: false, finish: () => Promise.resolve([]) };
  let archive: string;
  try {
    archive = classArchivePath(spec);
  } catch {
    return none;
  }
  const use = [`-XX:SharedArchiveFile=${archive}`];
  if (existsSync(archive)) return { options: use, making: false, finish: () => Promise.resolve(use) };
  const lock = `${archive}.lock`;
  const failed = `${archive}.failed`;
  try {
    mkdirSync(dirname(archive), { recursive: true });
    if (freshFailure(failed) || !takeLock(lock)) return none;
  } catch {
    return none;
  }
  if (existsSync(archive)) {
    rmSync(lock, { force: true }); // made while we looked
    return { options: use, making: false, finish: () => Promise.resolve(use) };
  }
  try {
    if (freshFailure(failed)) throw new Error('failed again while we looked');
    rmSync(failed, { force: true }); // none, or expired: try again
  } catch {
    rmSync(lock, { force: true });
    return none;
  }
  const temp = `${archive}.${process.pid}.tmp`;
  rmSync(temp, { force: true });
  return {
    options: [`-XX:ArchiveClassesAtExit=${temp}`],
    making: true,
    finish: async (clean) => {
      try {
        if (!clean) return [];
        if (existsSync(temp) && (await accepted(spec, temp))) {
          renameSync(temp, archive);
          const [name, mine] = [`${spec.name}-`, archive.slice(dirname(archive).length + 1)];
          for (const old of readdirSync(dirname(archive))) {
            // Archives of other jars or options: a JVM that maps one keeps it open; new runs use ours.
            if (old.startsWith(name) && old.endsWith('.jsa') && old !== mine) {
              rmSync(join(dirname(archive), old), { force: true });
            }
          }
          return use;
        }
        closeSync(openSync(failed, 'w'));
        return [];
      } catch {
        return [];
      } finally {
        rmSync(temp, { force: true });
        rmSync(lock, { force: true });
      }
    },
  };
}
