import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { freePort } from './app-process';
import { holdsListeningPort } from './port-owner';

async function listening(host: string): Promise<{ server: Server; port: number }> {
  const server = createServer();
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return { server, port };
}

describe('holdsListeningPort', () => {
  it('is true for the process listening on the port, on IPv4 and on IPv6', async () => {
    for (const host of ['127.0.0.1', '::1']) {
      const { server, port } = await listening(host);
      try {
        expect(await holdsListeningPort(process.pid, port)).toBe(true);
      } finally {
        await new Promise((done) => server.close(done));
      }
    }
  });

  it('is false for another process while this one listens, and for a port nobody listens on', async () => {
    const { server, port } = await listening('127.0.0.1');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      expect(await holdsListeningPort(other.pid!, port)).toBe(false);
    } finally {
      other.kill('SIGKILL');
      await new Promise((done) => server.close(done));
    }
    expect(await holdsListeningPort(process.pid, port)).toBe(false);
  });
});
