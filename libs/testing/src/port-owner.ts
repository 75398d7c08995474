import { readdir, readFile, readlink } from 'node:fs/promises';

/** The state /proc/net/tcp gives a listening socket. */
const LISTEN = '0A';

/**
 * Whether process `pid` itself holds a socket listening on TCP `port` (on any address). Another
 * process answering on that port is not enough: a port drawn free can be taken by a process of
 * another test before this one binds it, and this one then fails to listen while the other answers
 * in its place. Read from /proc; where there is none (not Linux), every process is taken at its word.
 */
export async function holdsListeningPort(pid: number, port: number): Promise<boolean> {
  const tables = await Promise.all(
    ['/proc/net/tcp', '/proc/net/tcp6'].map((path) => readFile(path, 'utf8').catch(() => undefined)),
  );
  if (tables.every((table) => table === undefined)) return true;
  const inodes = new Set(tables.flatMap((table) => (table ? listeningInodes(table, port) : [])));
  if (inodes.size === 0) return false;
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
  for (const fd of fds) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode && inodes.has(inode)) return true;
  }
  return false;
}

/**
 * The inodes of the sockets listening on `port` in one /proc/net/tcp table: lines of
 * `sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …`, the local address as
 * hex `ADDRESS:PORT`.
 */
export function listeningInodes(table: string, port: number): string[] {
  const wanted = port.toString(16).toUpperCase().padStart(4, '0');
  return table
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length > 9 && fields[3] === LISTEN && fields[1]!.split(':')[1] === wanted)
    .map((fields) => fields[9]!);
}
