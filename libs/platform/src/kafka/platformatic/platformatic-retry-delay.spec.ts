import { NetworkError, ProtocolError, ResponseError } from '@platformatic/kafka';
import { retryDelayDroppingStaleMetadata } from './platformatic-retry-delay';

describe("@platformatic/kafka's retry delay", () => {
  const delay = retryDelayDroppingStaleMetadata(200);
  const client = () => ({
    cleared: 0,
    clearMetadata() {
      this.cleared += 1;
    },
  });
  // The answer of a Produce whose partitions' leader moved: one error per partition, wrapped.
  const answer = (...codes: string[]) =>
    new ResponseError(
      0,
      11,
      Object.fromEntries(
        codes.map((code, i) => [
          `/responses/0/partitionResponses/${i}`,
          [new ProtocolError(code).apiCode, null],
        ]),
      ),
      {},
    );

  it.each(['NOT_LEADER_OR_FOLLOWER', 'LEADER_NOT_AVAILABLE', 'FENCED_LEADER_EPOCH'])(
    'drops the kept metadata after a request that failed with %s, and waits the delay',
    (code) => {
      const c = client();
      expect(delay(c, 'produce', 1, 8, answer(code))).toBe(200);
      expect(c.cleared).toBe(1);
    },
  );

  it('keeps the metadata after any other failure (a broker refusing the connection, a timeout)', () => {
    const c = client();
    expect(delay(c, 'produce', 1, 8, new NetworkError('Connection to 127.0.0.1:9092 failed.'))).toBe(200);
    expect(delay(c, 'produce', 2, 8, answer('REQUEST_TIMED_OUT'))).toBe(200);
    expect(c.cleared).toBe(0);
  });
});
