import { type CpuProfile, frameName, profileOfSpans } from './cpu-profile';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

/** Samples 1 ms apart from t = 1,000,000 µs: idle, parse, parse, GC, idle, fold, parse; ends 1 ms after. */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(idle)') },
    { id: 2, callFrame: frame('parse', 'file:///app/dist-test/libs/contracts/src/decode.js', 21) },
    { id: 3, callFrame: frame('(garbage collector)') },
    { id: 4, callFrame: frame('fold', 'file:///app/dist-test/libs/domain/src/fold.js', 9) },
  ],
  startTime: 999_000,
  endTime: 1_007_000,
  samples: [1, 2, 2, 3, 1, 4, 2],
  timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000, 1000],
};

describe('profileOfSpans', () => {
  it('sums each frame over the whole profile, idle apart from busy', () => {
    const whole = profileOfSpans(profile, [[0, 2_000_000]]);
    expect(whole.busy_ms).toBe(5);
    expect(whole.gc_ms).toBe(1);
    expect(whole.top).toEqual([
      { frame: 'parse (libs/contracts/src/decode.js:22)', self_ms: 3, share_of_busy: 0.6 },
      { frame: '(garbage collector)', self_ms: 1, share_of_busy: 0.2 },
      { frame: 'fold (libs/domain/src/fold.js:10)', self_ms: 1, share_of_busy: 0.2 },
    ]);
  });

  it('keeps only the samples within the span, the last one cut at its end', () => {
    // Samples at 1,003,000 (GC), 1,004,000 (idle), 1,005,000 (fold, cut at 1,005,500).
    const part = profileOfSpans(profile, [[1_003_000, 1_005_500]]);
    expect(part.span_ms).toBe(2.5);
    expect(part.busy_ms).toBe(1.5);
    expect(part.top.map((f) => [f.frame, f.self_ms])).toEqual([
      ['(garbage collector)', 1],
      ['fold (libs/domain/src/fold.js:10)', 0.5],
    ]);
  });

  it('sums the samples of several spans, each cut at its own end', () => {
    // 1,001,000 to 1,002,500: parse 1 ms, parse 0.5 ms; 1,005,000 to 1,006,000: fold 1 ms.
    const runs = profileOfSpans(profile, [
      [1_001_000, 1_002_500],
      [1_005_000, 1_006_000],
    ]);
    expect(runs.span_ms).toBe(2.5);
    expect(runs.top.map((f) => [f.frame, f.self_ms])).toEqual([
      ['parse (libs/contracts/src/decode.js:22)', 1.5],
      ['fold (libs/domain/src/fold.js:10)', 1],
    ]);
  });

  it('answers a span with no sample as no time', () => {
    expect(profileOfSpans(profile, [[5_000_000, 6_000_000]])).toEqual({
      span_ms: 1000,
      busy_ms: 0,
      gc_ms: 0,
      top: [],
    });
  });
});

describe('frameName', () => {
  it("names a package's frame from the package, ours from the app's root, Node's as Node does", () => {
    expect(frameName(frame('parseRow', 'file:///w/node_modules/pg/lib/result.js', 61))).toBe(
      'parseRow (pg/lib/result.js:62)',
    );
    expect(frameName(frame('', '/w/dist-test/apps/projector/src/main.js', 4))).toBe(
      '(anonymous) (apps/projector/src/main.js:5)',
    );
    expect(frameName(frame('update', 'node:internal/crypto/cipher', 153))).toBe(
      'update (node:internal/crypto/cipher:154)',
    );
    expect(frameName(frame('(program)'))).toBe('(program)');
  });
});
