import { describe, expect, it } from 'vitest';
import { productPitch, tierAllLines, tierLines } from './landing-content';

/**
 * The advertised lists are generated from the gate policy and FEATURE_STATUS (written out by hand here). Since
 * issues #24 and #25 placements, video monitoring, the monitor durations and opinion are built; live
 * monitoring is the one 即将上线 line left.
 */
describe('landing feature lists', () => {
  it('lists per tier the built features it adds and one 即将上线 line for the rest', () => {
    expect(tierLines(0)).toEqual([
      { text: 'UP主搜索与详情', built: true },
      { text: '排行榜、热门内容与粉丝趋势', built: true },
    ]);
    expect(tierLines(1)).toEqual([
      { text: '包含免费版全部功能', built: true },
      { text: '生成对比报告', built: true },
      { text: '24H监测', built: true },
      { text: '投放记录', built: true },
      { text: '完整榜单数据', built: true },
      { text: '视频搜索完整结果', built: true }, // issue #26
      { text: '短视频库', built: true },
      { text: '带货商品分析', built: true }, // issue #26
    ]);
    expect(tierLines(2)).toEqual([
      { text: '包含初级版全部功能', built: true },
      { text: '48H监测', built: true },
      { text: '视频监测', built: true },
      { text: '直播监测', built: true },
      { text: '舆情分析', built: true },
      { text: '私有达人库', built: true },
      { text: '视频30天数据趋势', built: true },
      { text: '粉丝画像', built: true },
      { text: '商业价值评估', built: true },
      { text: '品牌曝光分析', built: true },
      { text: '带货达人', built: true },
    ]);
    expect(tierLines(3)).toEqual([
      { text: '包含专业版全部功能', built: true },
      { text: '导出Excel', built: true },
      { text: '导出PDF', built: true },
      { text: '72H监测', built: true },
      { text: '7天监测', built: true },
      { text: '舆情预警', built: true },
      { text: '带货销售报告', built: true },
    ]);
    expect(tierLines(4)).toEqual([
      { text: '包含企业版全部功能', built: true },
      { text: '更高的对比报告与导出额度', built: true },
    ]);
  });

  it('gives the free-VIP poster everything 企业版 has, built first', () => {
    expect(tierAllLines(3)).toEqual([
      { text: '生成对比报告', built: true },
      { text: '24H监测', built: true },
      { text: '投放记录', built: true },
      { text: '完整榜单数据', built: true },
      { text: '视频搜索完整结果', built: true },
      { text: '短视频库', built: true },
      { text: '带货商品分析', built: true },
      { text: '48H监测', built: true },
      { text: '视频监测', built: true },
      { text: '直播监测', built: true },
      { text: '舆情分析', built: true },
      { text: '私有达人库', built: true },
      { text: '视频30天数据趋势', built: true },
      { text: '粉丝画像', built: true },
      { text: '商业价值评估', built: true },
      { text: '品牌曝光分析', built: true },
      { text: '带货达人', built: true },
      { text: '导出Excel', built: true },
      { text: '导出PDF', built: true },
      { text: '72H监测', built: true },
      { text: '7天监测', built: true },
      { text: '舆情预警', built: true },
      { text: '带货销售报告', built: true },
    ]);
  });

  it('pitches the built functions and names the coming ones', () => {
    expect(productPitch()).toBe(
      '为品牌方、广告代理、MCN机构与UP主提供UP主搜索、排行榜、粉丝趋势、对比报告、投放监测、舆情分析，让每一次合作都有数据可依。',
    );
  });
});
