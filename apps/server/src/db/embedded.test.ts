import { describe, expect, it } from 'vitest';
import { embeddedTuning } from './embedded.js';

const GB = 1024 ** 3;

/** The embedded PostgreSQL's settings sized for the machine (issue #18 item 3). */
describe('embeddedTuning', () => {
  it('stays near the defaults on a small machine', () => {
    const s = embeddedTuning({ memory: 2 * GB, cores: 2 });
    expect(s).toMatchObject({
      shared_buffers: '341MB',
      effective_cache_size: '1024MB',
      maintenance_work_mem: '64MB',
      work_mem: '4MB',
      max_wal_size: '1024MB',
      checkpoint_timeout: '15min',
      wal_compression: 'on',
      max_parallel_workers: '2',
      max_parallel_workers_per_gather: '1',
    });
  });

  it('grows with memory and cores, within caps', () => {
    const s = embeddedTuning({ memory: 24 * GB, cores: 2 });
    expect(s).toMatchObject({ shared_buffers: '4096MB', effective_cache_size: '12288MB', checkpoint_timeout: '30min' });
    expect(s.max_wal_size).toBe('6144MB');
    const big = embeddedTuning({ memory: 256 * GB, cores: 32 });
    expect(big).toMatchObject({
      shared_buffers: '8192MB', // capped: the Node process and its search index share the machine
      max_wal_size: '16384MB',
      work_mem: '32MB',
      max_worker_processes: '32',
      max_parallel_workers_per_gather: '4',
    });
  });
});
