/**
 * Fault injection: seeded rates reproduce exactly (the server follows planFault request by request), the
 * rates are what was asked for, each fault looks like the real one, and x-sim-fault forces a fault.
 */
import { describe, expect, it } from 'vitest';
import { planFault, type FaultRates } from './http/faults.js';
import { TEST_SEED, testServer } from './testing/harness.js';

const RATES: FaultRates = { p412: 0.1, p352: 0.05, p5xx: 0.05, pMalformed: 0.05, pSlow: 0, slowMs: 0 };

function classify(status: number, body: string): string {
  if (status === 412) return '412';
  if (status >= 500) return '5xx';
  try {
    const json = JSON.parse(body) as { code: number };
    return json.code === -352 ? '352' : 'ok';
  } catch {
    return 'malformed';
  }
}

describe('fault injection', () => {
  it('planFault hits the configured shares over many requests', () => {
    const counts = { '412': 0, '352': 0, '5xx': 0, malformed: 0, none: 0 };
    const n = 20_000;
    for (let i = 0; i < n; i++) counts[planFault(TEST_SEED, RATES, i).kind ?? 'none'] += 1;
    expect(counts['412'] / n).toBeCloseTo(0.1, 1);
    expect(Math.abs(counts['352'] / n - 0.05)).toBeLessThan(0.01);
    expect(Math.abs(counts['5xx'] / n - 0.05)).toBeLessThan(0.01);
    expect(Math.abs(counts.malformed / n - 0.05)).toBeLessThan(0.01);
  });

  it('the server answers exactly the planned faults, and the same seed gives the same sequence', async () => {
    const runs: string[][] = [];
    for (let run = 0; run < 2; run++) {
      const sim = await testServer({ faults: RATES });
      const mid = sim.world.spec(0).mid;
      const seen: string[] = [];
      for (let i = 0; i < 300; i++) {
        const res = await sim.app.inject(`/x/relation/stat?vmid=${mid}`);
        seen.push(classify(res.statusCode, res.body));
      }
      runs.push(seen);
    }
    const planned = Array.from({ length: 300 }, (_, i) => {
      const kind = planFault(TEST_SEED, RATES, i).kind;
      return kind ?? 'ok';
    });
    expect(runs[0]).toEqual(planned);
    expect(runs[1]).toEqual(planned);
    const faults = planned.filter((k) => k !== 'ok').length;
    expect(faults).toBeGreaterThan(40);
    expect(faults).toBeLessThan(100);
  });

  it('x-sim-fault forces each fault without moving the counter', async () => {
    const sim = await testServer({ faults: { slowMs: 150 } });
    const url = `/x/web-interface/card?mid=${sim.world.spec(0).mid}`;
    const force = (fault: string) => sim.app.inject({ url, headers: { 'x-sim-fault': fault } });

    const r412 = await force('412');
    expect(r412.statusCode).toBe(412);
    expect(JSON.parse(r412.body)).toMatchObject({ code: -412, message: '请求被拦截' });

    const r352 = await force('352');
    expect(r352.statusCode).toBe(200);
    const body352 = JSON.parse(r352.body) as { code: number; data: { v_voucher: string } };
    expect(body352.code).toBe(-352);
    expect(body352.data.v_voucher).toMatch(/^voucher_/);

    expect((await force('500')).statusCode).toBe(500);
    expect((await force('503')).statusCode).toBe(503);

    const bad = await force('malformed');
    expect(bad.statusCode).toBe(200);
    expect(() => JSON.parse(bad.body) as unknown).toThrow();
    expect(bad.body.startsWith('{"code":0')).toBe(true);

    const started = Date.now();
    const slow = await force('slow');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(JSON.parse(slow.body)).toMatchObject({ code: 0 });

    expect(sim.faults.requests).toBe(0);
    await sim.app.inject(url);
    expect(sim.faults.requests).toBe(1);
  });

  it('slow answers by share wait slowMs; live answers keep their envelope; python UAs are blocked', async () => {
    const sim = await testServer({ faults: { pSlow: 1, slowMs: 60 } });
    const started = Date.now();
    await sim.app.inject(`/x/relation/stat?vmid=${sim.world.spec(0).mid}`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);

    const room = sim.world.plan.creators.find((c) => c.liveRoomId !== null)?.liveRoomId ?? 0;
    const live412 = await sim.app.inject({
      url: `/room/v1/Room/get_info?room_id=${room}`,
      headers: { 'x-sim-fault': '412' },
    });
    expect(JSON.parse(live412.body)).toMatchObject({ code: -412, msg: '请求被拦截', message: '请求被拦截' });

    const py = await sim.app.inject({ url: '/x/web-interface/nav', headers: { 'user-agent': 'python-requests/2.31' } });
    expect(py.statusCode).toBe(412);
  });
});
