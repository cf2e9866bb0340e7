import { describe, expect, it } from 'vitest';
import { buildQuery, pageQuery, withQuery } from './query-string.js';

describe('query strings', () => {
  it('repeats array keys and leaves out empty values', () => {
    expect(buildQuery({ ids: ['a', 'b', 'c'], q: 'ana lima', offset: 0, pinned: false, none: undefined, nil: null, empty: '' })).toBe(
      '?ids=a&ids=b&ids=c&q=ana+lima&offset=0&pinned=false',
    );
  });

  it('gives nothing for no query, an empty object or an empty array', () => {
    expect(buildQuery(undefined)).toBe('');
    expect(buildQuery({})).toBe('');
    expect(buildQuery({ ids: [] })).toBe('');
  });

  it('encodes keys and values', () => {
    expect(buildQuery({ 'a&b': 'x=y', tag: ['#1', 'ç'] })).toBe('?a%26b=x%3Dy&tag=%231&tag=%C3%A7');
  });

  it('appends to a path that already has a query', () => {
    expect(withQuery('/users/search', { q: 'x' })).toBe('/users/search?q=x');
    expect(withQuery('/users/search?type=fan', { ids: [1, 2] })).toBe('/users/search?type=fan&ids=1&ids=2');
    expect(withQuery('/users/me', {})).toBe('/users/me');
  });

  it('maps a list screen to offset/limit with the default sort', () => {
    expect(pageQuery({ current: 3, pageSize: 12 }, { q: 'x' })).toEqual({ q: 'x', offset: 24, limit: 12, sortBy: 'updatedAt', sort: 'desc' });
    expect(pageQuery({ sortBy: 'createdAt', sort: 'asc' })).toEqual({ offset: 0, limit: 10, sortBy: 'createdAt', sort: 'asc' });
  });
});
