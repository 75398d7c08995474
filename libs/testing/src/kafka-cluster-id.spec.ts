import { newKafkaClusterId } from './kafka-broker';

describe('newKafkaClusterId', () => {
  it('never begins with "-", which the storage tool would read as an option', () => {
    // One id in 64 drawn from random bytes begins with '-'; 5000 draws meet many such.
    const ids = Array.from({ length: 5000 }, () => newKafkaClusterId());
    expect(ids.filter((id) => id.startsWith('-'))).toEqual([]);
  });

  it('is 16 bytes in URL-safe base64, and new each time', () => {
    const ids = Array.from({ length: 100 }, () => newKafkaClusterId());
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
