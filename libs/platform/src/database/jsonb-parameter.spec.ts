import { jsonbArrayParameter } from './jsonb-parameter';

/** Postgres's binary jsonb input of `value`: the version byte 1, then JSON.stringify's text. */
const binaryJsonb = (value: unknown): Buffer =>
  Buffer.concat([Buffer.from([1]), Buffer.from(JSON.stringify(value))]);

describe('a JSON array as a binary jsonb parameter', () => {
  it.each([0, 1, 255, 256, 257, 1000])(
    'is JSON.stringify of the array of %i items, as written',
    async (n) => {
      const items = Array.from({ length: n }, (_, i) => ({
        i,
        name: `flight ${i} — Zürich "ok"`,
        gone: undefined,
      }));
      expect(await jsonbArrayParameter(items, (item) => item, 0)).toEqual(binaryJsonb(items));
      expect(await jsonbArrayParameter(items)).toEqual(binaryJsonb(items));
    },
  );

  it('writes what each item is mapped to, an item JSON leaves out as null', async () => {
    const items = [1, 2, 3];
    const mapped = await jsonbArrayParameter(items, (n) => (n === 2 ? undefined : { n }));
    expect(mapped).toEqual(binaryJsonb([{ n: 1 }, undefined, { n: 3 }]));
    expect(mapped.subarray(1).toString()).toBe('[{"n":1},null,{"n":3}]');
  });
});
