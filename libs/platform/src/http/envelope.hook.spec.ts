import Fastify from 'fastify';
import { SerializedJson } from './envelope';
import { envelopeResponses } from './envelope.hook';
import { ResponseMemory } from './response-memory';

/** A bare Fastify app with the envelope hook, answering what each route is given. */
async function appAnswering(routes: Record<string, () => unknown>) {
  const app = Fastify({ genReqId: () => 'req_TEST"1' });
  envelopeResponses(app);
  for (const [path, answer] of Object.entries(routes)) app.get(path, () => Promise.resolve(answer()));
  await app.ready();
  return app;
}

describe('the envelope hook', () => {
  it('wraps an object answer in data and meta', async () => {
    const app = await appAnswering({ '/': () => ({ a: 1 }) });
    const res = await app.inject({ url: '/' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ data: { a: 1 }, meta: { api_version: 'v1', request_id: 'req_TEST"1' } });
  });

  it('wraps JSON text as it is, escaping the request id, as JSON', async () => {
    const app = await appAnswering({ '/': () => new SerializedJson('{"pilots":[{"b":2}]}') });
    const res = await app.inject({ url: '/' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe(
      '{"data":{"pilots":[{"b":2}]},"meta":{"api_version":"v1","request_id":"req_TEST\\"1"}}',
    );
    expect(res.json()).toEqual({
      data: { pilots: [{ b: 2 }] },
      meta: { api_version: 'v1', request_id: 'req_TEST"1' },
    });
  });

  it('wraps JSON given as pieces of bytes the same way, with its length, as JSON', async () => {
    const pieces = ['{"pilots":[', '{"b":"é"}', ',', '{"c":3}', ']}'].map((text) => Buffer.from(text));
    const app = await appAnswering({ '/': () => new SerializedJson(pieces) });
    const res = await app.inject({ url: '/' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body =
      '{"data":{"pilots":[{"b":"é"},{"c":3}]},"meta":{"api_version":"v1","request_id":"req_TEST\\"1"}}';
    expect(res.body).toBe(body);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it('sends bytes from memory lent for the response, given back zeroed once sent and lent again', async () => {
    const lend = jest.spyOn(ResponseMemory.prototype, 'lend');
    const giveBack = jest.spyOn(ResponseMemory.prototype, 'giveBack');
    const answers = [['{"a":"first, longer"}'], ['{"b":2}']].map((pieces) =>
      pieces.map((t) => Buffer.from(t)),
    );
    let asked = 0;
    const app = await appAnswering({ '/': () => new SerializedJson(answers[asked++]!) });
    const first = await app.inject({ url: '/' });
    const second = await app.inject({ url: '/' });
    const lent = lend.mock.results.map((result) => result.value as Buffer);

    expect(first.json()).toEqual({
      data: { a: 'first, longer' },
      meta: { api_version: 'v1', request_id: 'req_TEST"1' },
    });
    expect(second.json()).toEqual({ data: { b: 2 }, meta: { api_version: 'v1', request_id: 'req_TEST"1' } });
    expect(lent).toHaveLength(2);
    expect(giveBack.mock.calls.map(([body]) => body)).toEqual(lent);
    expect(lent[1]!.buffer).toBe(lent[0]!.buffer);
    expect(new Uint8Array(lent[0]!.buffer).every((byte) => byte === 0)).toBe(true);
    lend.mockRestore();
    giveBack.mockRestore();
  });

  it('leaves the serializer of other requests alone after a JSON text answer', async () => {
    const app = await appAnswering({ '/text': () => new SerializedJson('[1]'), '/object': () => ({ c: 3 }) });
    await app.inject({ url: '/text' });
    expect((await app.inject({ url: '/object' })).json()).toEqual({
      data: { c: 3 },
      meta: { api_version: 'v1', request_id: 'req_TEST"1' },
    });
  });
});
