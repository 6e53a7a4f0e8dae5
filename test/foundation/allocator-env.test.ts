// glibc's arena limit for the API processes Verso starts (server/src/cluster/allocator-env.ts):
// added unless the operator chose a limit, either way.
import { expect } from 'chai';
import { allocatorDefaults } from '../../server/src/cluster/allocator-env.js';

describe('allocatorDefaults: MALLOC_ARENA_MAX for the processes Verso starts', () => {
  it('adds MALLOC_ARENA_MAX=2 when the environment names no arena limit', () => {
    expect(allocatorDefaults({ PATH: '/usr/bin' })).to.deep.equal({ MALLOC_ARENA_MAX: '2' });
    expect(allocatorDefaults({ GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=1048576' })).to.deep.equal({ MALLOC_ARENA_MAX: '2' });
  });

  it("keeps the operator's own choice: MALLOC_ARENA_MAX (any value) or a GLIBC_TUNABLES arena_max", () => {
    expect(allocatorDefaults({ MALLOC_ARENA_MAX: '8' })).to.deep.equal({});
    expect(allocatorDefaults({ MALLOC_ARENA_MAX: '' })).to.deep.equal({});
    expect(allocatorDefaults({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=4' })).to.deep.equal({});
    expect(allocatorDefaults({ GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=0:glibc.malloc.arena_max=1' })).to.deep.equal({});
  });
});
