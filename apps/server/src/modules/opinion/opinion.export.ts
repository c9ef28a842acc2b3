import {
  OPINION_SOURCE_TEXT,
  OpinionListParams,
  OpinionWarnListParams,
  SENTIMENT_TEXT,
  WARN_RULE_TEXT,
  WARN_STATE_TEXT,
  type OpinionItem,
  type OpinionWarning,
} from '@xg/shared';
import type { AppContext } from '../../context.js';
import type { ExportList } from '../export/export.registry.js';
import type { ExportColumn } from '../export/xlsx-writer.js';
import { opinionServiceOf } from './opinion.routes.js';

const GENDER = ['女', '男', '保密'] as const;

/**
 * The opinion lists of the Excel export (spec §7.6; modules/export registry): opinionList (the analysis screen's
 * list with its filters, also `export=1` on GET /api/opinion/opinionList) and opinionNotice (the warning notices).
 * Both read through the opinion service as the caller, so a team only ever exports its own task's rows.
 */
export function opinionExportLists(ctx: AppContext) {
  const service = opinionServiceOf(ctx);
  const opinionList = {
    name: 'opinionList',
    title: (p: OpinionListParams) => `舆情列表_${p.id}`,
    schema: OpinionListParams,
    page: async (userId: string, p: OpinionListParams) => {
      const [a, task] = await Promise.all([service.list(userId, p), service.taskInfo(userId, p.id)]);
      return {
        rows: a.list,
        total: a.total,
        dataTime: task.lastRunAt ? `最近采集 ${task.lastRunAt}` : null,
        notes: [['舆情任务', task.name]] as [string, string][],
      };
    },
    columns: (): ExportColumn<OpinionItem>[] => [
      { header: '来源', kind: 'text', width: 8, value: (r) => OPINION_SOURCE_TEXT[r.source] },
      { header: '内容', kind: 'text', width: 60, value: (r) => r.text },
      { header: '时间', kind: 'datetime', width: 18, value: (r) => r.time },
      { header: '情感', kind: 'text', width: 8, value: (r) => (r.sentiment ? SENTIMENT_TEXT[r.sentiment] : '分析中') },
      { header: '正面概率', kind: 'decimal', width: 10, value: (r) => r.score },
      { header: '点赞', kind: 'int', width: 8, value: (r) => r.likes },
      { header: '用户', kind: 'text', width: 18, value: (r) => r.uname },
      { header: '等级', kind: 'int', width: 6, value: (r) => r.level },
      {
        header: '性别',
        kind: 'text',
        width: 6,
        value: (r) => (r.gender === null ? null : (GENDER[r.gender] ?? '保密')),
      },
      { header: 'IP属地', kind: 'text', width: 10, value: (r) => r.ipLocation },
      { header: '视频', kind: 'text', width: 36, value: (r) => r.videoTitle },
    ],
    filters: (p: OpinionListParams) => {
      const out: [string, string][] = [];
      out.push(['情感', p.sentiment ? SENTIMENT_TEXT[p.sentiment] : '全部']);
      out.push(['来源', p.source ? OPINION_SOURCE_TEXT[p.source] : '评论和弹幕']);
      if (p.keyword) out.push(['关键词', p.keyword]);
      if (p.startTime || p.endTime) {
        out.push(['时间', `${p.startTime?.toISOString() ?? '不限'} ~ ${p.endTime?.toISOString() ?? '不限'}`]);
      }
      return out;
    },
  } satisfies ExportList<OpinionListParams, OpinionItem>;

  const opinionNotice = {
    name: 'opinionNotice',
    title: () => '舆情预警通知',
    schema: OpinionWarnListParams,
    page: async (userId: string, p: OpinionWarnListParams) => {
      const a = await service.warnings(userId, p);
      return { rows: a.warnings, total: a.total, dataTime: null };
    },
    columns: (): ExportColumn<OpinionWarning>[] => [
      { header: '预警时间', kind: 'datetime', width: 18, value: (r) => r.createdAt },
      { header: '舆情任务', kind: 'text', width: 24, value: (r) => r.taskName },
      { header: '规则', kind: 'text', width: 14, value: (r) => WARN_RULE_TEXT[r.rule] },
      { header: '标题', kind: 'text', width: 40, value: (r) => r.title },
      { header: '详情', kind: 'text', width: 60, value: (r) => r.detail },
      { header: '事件时段', kind: 'datetime', width: 18, value: (r) => r.bucket },
      { header: '状态', kind: 'text', width: 8, value: (r) => WARN_STATE_TEXT[r.state] },
      { header: '处理人', kind: 'text', width: 14, value: (r) => r.handledBy },
      { header: '处理时间', kind: 'datetime', width: 18, value: (r) => r.handledAt },
    ],
    filters: (p: OpinionWarnListParams) => {
      const out: [string, string][] = [];
      out.push(['状态', p.state === undefined ? '全部' : WARN_STATE_TEXT[p.state]]);
      if (p.taskId !== undefined) out.push(['任务编号', String(p.taskId)]);
      return out;
    },
  } satisfies ExportList<OpinionWarnListParams, OpinionWarning>;

  return { opinionList, opinionNotice };
}
