import { generateRequestId } from './request-id';

describe('generateRequestId', () => {
  it('answers req_ and a ULID, each one distinct and sorting after the one before', () => {
    const ids = Array.from({ length: 20_000 }, () => generateRequestId());
    for (const id of ids) expect(id).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
