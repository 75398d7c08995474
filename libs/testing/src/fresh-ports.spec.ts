import { startOnFreshPorts } from './fresh-ports';

describe('starting on fresh ports', () => {
  const taken = () => new Error('Socket server failed to bind to 127.0.0.1:35041: Address already in use.');

  it('starts again when a port was taken, and answers what the later start gave', async () => {
    let calls = 0;
    const started = await startOnFreshPorts(() => {
      calls++;
      return calls < 3 ? Promise.reject(taken()) : Promise.resolve(`started on attempt ${calls}`);
    });
    expect(started).toBe('started on attempt 3');
  });

  it('gives up after the attempts it was given, with the last failure', async () => {
    let calls = 0;
    await expect(
      startOnFreshPorts(() => {
        calls++;
        return Promise.reject(taken());
      }, 2),
    ).rejects.toThrow('Address already in use');
    expect(calls).toBe(2);
  });

  it('never starts again for any other failure', async () => {
    let calls = 0;
    await expect(
      startOnFreshPorts(() => {
        calls++;
        return Promise.reject(new Error('no Kafka jars'));
      }),
    ).rejects.toThrow('no Kafka jars');
    expect(calls).toBe(1);
  });
});
