import { randomUUID } from 'node:crypto';
import { parsePilotIdList } from '@pft/partners/domain';
import { MAX_REMEMBERED_BATCHES } from '@pft/totals';
import { ParsedPilotIdLists } from './parsed-pilot-id-lists';

const listOf = (count: number): string => Array.from({ length: count }, () => randomUUID()).join(',');

describe('ParsedPilotIdLists', () => {
  it('gives what parsePilotIdList gives, for lists that parse and lists that do not', () => {
    const lists = new ParsedPilotIdLists();
    const upper = listOf(3).toUpperCase();
    const repeated = `${upper},${upper.split(',')[0]!}`;
    for (const raw of [listOf(50), upper, repeated, listOf(51), 'a,,b', '', undefined, [listOf(2)], 7]) {
      expect(lists.parse(raw)).toEqual(parsePilotIdList(raw));
      expect(lists.parse(raw)).toEqual(parsePilotIdList(raw));
    }
  });

  it('parses a list sent again once: the ids given the first time are given again', () => {
    const lists = new ParsedPilotIdLists();
    const raw = listOf(50);
    const first = lists.parse(raw);
    // The same text as another string object, as the next request's query would be.
    const again = lists.parse(raw.split('').join(''));
    expect(first.ok).toBe(true);
    expect(again).toBe(first);
  });

  it('keeps no list that did not parse, and at most as many lists as batches are remembered', () => {
    const lists = new ParsedPilotIdLists();
    const wrong = `${listOf(2)},`;
    expect(lists.parse(wrong)).not.toBe(lists.parse(wrong));

    const first = listOf(1);
    const parsedFirst = lists.parse(first);
    for (let i = 0; i < MAX_REMEMBERED_BATCHES; i++) lists.parse(listOf(1));
    expect(lists.parse(first)).not.toBe(parsedFirst);
    expect(lists.parse(first)).toEqual(parsedFirst);
  });
});
