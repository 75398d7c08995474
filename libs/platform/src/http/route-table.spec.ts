import { RouteTable } from './route-table';

describe('RouteTable', () => {
  const routes = new RouteTable();
  routes.add('/v1/pilot-totals', ['GET', 'HEAD']);
  routes.add('/pilot/v1/flights/:flight_id', 'PUT');
  routes.add('/pilot/v1/flights/:flight_id', 'DELETE');
  routes.add('/pilot/v1/flights', 'POST');

  it('finds the methods of a fixed path, ignoring the query string', () => {
    expect(routes.allowedMethods('/v1/pilot-totals?pilot_id=x')).toEqual(['GET', 'HEAD']);
  });

  it('matches parameters and merges methods registered apart', () => {
    expect(routes.allowedMethods('/pilot/v1/flights/abc')).toEqual(['DELETE', 'PUT']);
  });

  it('knows nothing of unknown paths or deeper ones', () => {
    expect(routes.allowedMethods('/v1/unknown')).toEqual([]);
    expect(routes.allowedMethods('/pilot/v1/flights/abc/def')).toEqual([]);
  });

  it('treats regular-expression characters in paths literally', () => {
    const table = new RouteTable();
    table.add('/a.b', 'GET');
    expect(table.allowedMethods('/axb')).toEqual([]);
    expect(table.allowedMethods('/a.b')).toEqual(['GET']);
  });
});
