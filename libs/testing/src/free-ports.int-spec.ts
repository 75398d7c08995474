import { createServer } from 'node:net';
import { freePorts } from './app-process';

describe('freePorts', () => {
  it('gives as many different ports as asked, each free to listen on', async () => {
    const ports = await freePorts(8);
    expect(ports).toHaveLength(8);
    expect(new Set(ports).size).toBe(8);
    for (const port of ports) {
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      await new Promise((done) => server.close(done));
    }
  });
});
