import { describe, expect, it } from 'vitest';
import { kolItemDecoder } from './item-decoders';

const item = {
  kolId: 1,
  kolName: '赵峰山西四人行',
  kolUid: 1339110285,
  kolImg: '',
  isApprove: 0,
  fansNum: 10,
  themeName: null,
  gender: 2,
  indexNum: 0,
  playNum: 0,
  praiseNum: 0,
  videoNum: 1,
  isLive: 0,
  mcnName: null,
  fansIncrease: null,
  isCollect: 0,
  isPut: 0,
  isEnter: 0,
};

describe('a creator whose level the platform did not send (issue #23, item 7)', () => {
  it('decodes platformLevel null as null (shown "-"), a level as itself', () => {
    expect(kolItemDecoder({ ...item, platformLevel: null }, '$').platformLevel).toBeNull();
    expect(kolItemDecoder({ ...item, platformLevel: 6 }, '$').platformLevel).toBe(6);
  });
});
