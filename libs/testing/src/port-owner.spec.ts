import { listeningInodes } from './port-owner';

const TABLE = [
  '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
  '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 111 1 0 100 0 0 10 0',
  '   1: 0100007F:1F90 0100007F:C350 01 00000000:00000000 00:00000000 00000000  1000        0 222 1 0 20 4 30 10 -1',
  '   2: 00000000:1F91 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 333 1 0 100 0 0 10 0',
  '',
].join('\n');

describe('listeningInodes', () => {
  it("gives the inodes of the sockets listening on the port, not of its connections or other ports'", () => {
    expect(listeningInodes(TABLE, 8080)).toEqual(['111']);
    expect(listeningInodes(TABLE, 8081)).toEqual(['333']);
    expect(listeningInodes(TABLE, 50000)).toEqual([]);
  });
});
