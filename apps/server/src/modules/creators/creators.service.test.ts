import { describe, expect, it } from 'vitest';
import type { CreatorRepository, DetailBundle } from './creators.repository.js';
import { CreatorService } from './creators.service.js';

/** A repository whose findDetailBundle counts its reads and answers when told. */
function fakeRepository() {
  const reads: number[] = [];
  const pending: { resolve: (b: DetailBundle | undefined) => void; reject: (e: Error) => void }[] = [];
  const repo = {
    findDetailBundle: (id: number) =>
      new Promise<DetailBundle | undefined>((resolve, reject) => {
        reads.push(id);
        pending.push({ resolve, reject });
      }),
  } as unknown as CreatorRepository;
  return { repo, reads, pending };
}
const bundle = { detail: { kolId: 7 } } as unknown as DetailBundle;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('CreatorService.find: one read of a creator for the detail page’s calls (issue #28 item 1)', () => {
  it('shares a read in flight, and nothing after it when shareMs is 0', async () => {
    const { repo, reads, pending } = fakeRepository();
    const service = new CreatorService(repo, 0);
    const a = service.find(7);
    const b = service.find(7);
    expect(reads).toEqual([7]);
    pending[0]?.resolve(bundle);
    expect(await a).toBe(bundle);
    expect(await b).toBe(bundle);
    await tick();
    void service.find(7);
    expect(reads).toEqual([7, 7]);
  });

  it('keeps an answer (also "no such creator") for shareMs, then reads again', async () => {
    const { repo, reads, pending } = fakeRepository();
    const service = new CreatorService(repo, 50);
    const first = service.find(8);
    pending[0]?.resolve(undefined);
    expect(await first).toBeUndefined();
    await tick();
    expect(await service.find(8)).toBeUndefined();
    expect(reads).toEqual([8]);
    await new Promise((resolve) => setTimeout(resolve, 70));
    void service.find(8);
    expect(reads).toEqual([8, 8]);
  });

  it('never keeps a failed read', async () => {
    const { repo, reads, pending } = fakeRepository();
    const service = new CreatorService(repo, 60_000);
    const first = service.find(9);
    pending[0]?.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    void service.find(9);
    expect(reads).toEqual([9, 9]);
  });
});
