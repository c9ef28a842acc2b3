import { describe, expect, it } from 'vitest';
import { productPitch, tierAllLines, tierLines } from './landing-content';

/**
 * The advertised lists are generated from the gate policy and FEATURE_STATUS (written out by hand here). Since
 * issues #24 and #25 placements, video monitoring, the monitor durations and opinion are built; live
 * monitoring is the one 即将上线 line left.
 */
/** The lines each tier adds (after its 包含…全部功能 line), all built. */
const ADDED: Record<1 | 2 | 3, string[]> = {
  1: [
    '生成对比报告',
    '24H监测',
    '投放记录',
    '完整榜单数据',
    '视频搜索完整结果', // issue #26
    '短视频库',
    '带货商品分析', // issue #26
  ],
  2: [
    '48H监测',
    '视频监测',
    '直播监测',
    '舆情分析',
    '私有达人库',
    '视频30天数据趋势',
    '粉丝画像',
    '商业价值评估',
    '品牌曝光分析',
    '带货达人',
  ],
  3: ['导出Excel', '导出PDF', '72H监测', '7天监测', '舆情预警', '带货销售报告'],
};
const built = (texts: string[]) => texts.map((text) => ({ text, built: true }));

describe('landing feature lists', () => {
  it('lists per tier the built features it adds and one 即将上线 line for the rest', () => {
    expect(tierLines(0)).toEqual(built(['UP主搜索与详情', '排行榜、热门内容与粉丝趋势']));
    expect(tierLines(1)).toEqual(built(['包含免费版全部功能', ...ADDED[1]]));
    expect(tierLines(2)).toEqual(built(['包含初级版全部功能', ...ADDED[2]]));
    expect(tierLines(3)).toEqual(built(['包含专业版全部功能', ...ADDED[3]]));
    expect(tierLines(4)).toEqual(built(['包含企业版全部功能', '更高的对比报告与导出额度']));
  });

  it('gives the free-VIP poster everything 企业版 has, built first', () => {
    expect(tierAllLines(3)).toEqual(built([...ADDED[1], ...ADDED[2], ...ADDED[3]]));
  });

  it('pitches the built functions and names the coming ones', () => {
    expect(productPitch()).toBe(
      '为品牌方、广告代理、MCN机构与UP主提供UP主搜索、排行榜、粉丝趋势、对比报告、投放监测、舆情分析，让每一次合作都有数据可依。',
    );
  });
});
