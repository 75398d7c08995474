// Which adapter modules have been loaded, in order: each records itself when first required.
const mockLoaded: string[] = [];
jest.mock('./kafkajs', () => {
  mockLoaded.push('kafkajs');
  return jest.requireActual<typeof import('./kafkajs')>('./kafkajs');
});
jest.mock('./platformatic', () => {
  mockLoaded.push('platformatic');
  return jest.requireActual<typeof import('./platformatic')>('./platformatic');
});

describe('createKafka', () => {
  it("loads an adapter's library only when a client of it is made", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createKafka } = require('./kafka-factory') as typeof import('./kafka-factory');
    expect(mockLoaded).toEqual([]);
    createKafka('127.0.0.1:9092', 'factory-test');
    expect(mockLoaded).toEqual(['kafkajs']);
    createKafka('127.0.0.1:9092', 'factory-test', undefined, undefined, 'platformatic');
    expect(mockLoaded).toEqual(['kafkajs', 'platformatic']);
  });
});
