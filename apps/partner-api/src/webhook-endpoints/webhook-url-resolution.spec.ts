import { refuseNameOfRestrictedAddress, type ResolveHost } from './webhook-url-resolution';

const resolvingTo =
  (addresses: string[]): ResolveHost =>
  () =>
    Promise.resolve(addresses);

describe('a new endpoint whose host name resolves to a restricted address', () => {
  it.each([
    ['127.0.0.1'],
    ['10.0.0.7'],
    ['169.254.169.254'],
    ['::1'],
    ['fd00::1'],
    ['8.8.8.8', '192.168.1.1'],
  ])(
    'is refused with 400 INVALID_REQUEST (url private_address) when it resolves to %s',
    async (...addresses) => {
      await expect(
        refuseNameOfRestrictedAddress('https://hooks.example.com/pft', false, resolvingTo(addresses)),
      ).rejects.toMatchObject({
        code: 'INVALID_REQUEST',
        details: [{ field: 'url', issue: 'private_address' }],
      });
    },
  );

  it('is taken when it resolves to public addresses only', async () => {
    await expect(
      refuseNameOfRestrictedAddress(
        'https://hooks.example.com/pft',
        false,
        resolvingTo(['93.184.215.14', '2606:2800:21f:cb07::1']),
      ),
    ).resolves.toBeUndefined();
  });

  it('is taken when the name does not resolve, or not in time: each delivery resolves it again', async () => {
    const notFound: ResolveHost = () =>
      Promise.reject(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }));
    await expect(
      refuseNameOfRestrictedAddress('https://nowhere.example/', false, notFound),
    ).resolves.toBeUndefined();
    const never: ResolveHost = () => new Promise(() => undefined);
    await expect(
      refuseNameOfRestrictedAddress('https://slow.example/', false, never, 20),
    ).resolves.toBeUndefined();
  });

  it('resolves nothing when the operator allows private URLs, or for an address', async () => {
    const resolve = jest.fn(resolvingTo(['127.0.0.1']));
    await expect(
      refuseNameOfRestrictedAddress('https://hooks.example.com/', true, resolve),
    ).resolves.toBeUndefined();
    await expect(
      refuseNameOfRestrictedAddress('https://93.184.215.14/', false, resolve),
    ).resolves.toBeUndefined();
    await expect(
      refuseNameOfRestrictedAddress('https://[2606:2800:21f:cb07::1]/', false, resolve),
    ).resolves.toBeUndefined();
    expect(resolve).not.toHaveBeenCalled();
  });
});
