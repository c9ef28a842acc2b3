import { useState, type ReactNode } from 'react';
import { DatePicker, Input, Segmented, Select, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  CONTENT_KEYWORD_MAX_LENGTH,
  FREE_VIDEO_ROWS,
  SHORT_DURATION_PRESETS,
  SHORT_VIDEO_MAX_SECONDS,
  VIDEO_DURATION_PRESETS,
  VIDEO_LIKE_PRESETS,
  VIDEO_PLAY_PRESETS,
  VIDEO_SEARCH_MAX_ROWS,
  VIDEO_SEARCH_SORTS,
  VIDEO_SEARCH_SORT_LABELS,
  VIDEO_SHAPES,
  VIDEO_SHAPE_LABELS,
  type VideoSearchItem,
  type VideoSearchSort,
  type VideoShape,
} from '@xg/shared';
import { ListScreen } from '../../../components/list-screen';
import { PartitionSelect, useQueryState } from '../../../components/list-filters';
import { VideoTable } from '../../../components/ranked-list';
import { searchVideoParams, useSearchVideo, type VideoSearchQuery } from '../api/search-video';
import '../video-library.css';

export const VIDEO_LIBRARY_PAGE_SIZE = 20;

type Preset = { label: string; min: number | null; max: number | null };

/** What the app layer composes into the screen (features do not import each other). */
export interface VideoLibrarySlots {
  /** the 收藏 / 投放清单 toggle of a row */
  collectToggle: (video: VideoSearchItem) => ReactNode;
  /** the 导出Excel button of the list (export path searchVideo) */
  exportButton: (p: {
    params: Record<string, string | number | undefined>;
    pageNo: number;
    pageSize: number;
    total: number;
    exportName: string;
  }) => ReactNode;
  /** the 免费版 banner (first FREE_VIDEO_ROWS rows, upgrade button) */
  limitBanner: (rows: number) => ReactNode;
}

interface VideoLibraryPageProps extends VideoLibrarySlots {
  /** 'all': 视频搜索 (component video); 'short': 短视频库 (component videoShort) */
  mode: 'all' | 'short';
}

const SCREENS = {
  all: {
    path: '/search/video',
    title: '视频搜索',
    intro:
      '在已收录的全部视频中按标题关键词、分区、时长、播放、点赞和发布时间查找视频，可收藏或加入投放清单，并导出Excel。',
    durations: VIDEO_DURATION_PRESETS,
  },
  short: {
    path: '/search/videoShort',
    title: '短视频库',
    intro: `时长${SHORT_VIDEO_MAX_SECONDS}秒以内或竖屏画面（平台返回的画面宽高）的视频。画面方向在采集到视频详情后标注，尚未标注的只按时长计入。`,
    durations: SHORT_DURATION_PRESETS,
  },
} as const;

function presetIndex(raw: string | null, presets: readonly Preset[]): number | undefined {
  if (raw === null || raw === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n < presets.length ? n : undefined;
}

/** 共 N 个视频, with the cap of bounded paging and the 免费版 rows. */
function totalText(total: number, capped: boolean, limited: boolean): string {
  const all = capped ? `共 ${VIDEO_SEARCH_MAX_ROWS}+ 个视频` : `共 ${total} 个视频`;
  if (limited) return `${all}，免费版可查看前 ${Math.min(total, FREE_VIDEO_ROWS)} 个`;
  return capped ? `${all}，可查看前 ${VIDEO_SEARCH_MAX_ROWS} 个` : all;
}

/** The chosen preset's bounds as the query's two fields: none without a choice, an open end left out. */
function presetBounds(
  presets: readonly { min: number | null; max: number | null }[],
  index: number | undefined,
): [number | undefined, number | undefined] {
  const preset = index === undefined ? undefined : presets[index];
  return [preset?.min ?? undefined, preset?.max ?? undefined];
}
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** 视频搜索 and 短视频库 (§2.5 keys video, videoShort): filters in the URL, one page of VIDEO_LIBRARY_PAGE_SIZE. */
export function VideoLibraryPage({ mode, collectToggle, exportButton, limitBanner }: VideoLibraryPageProps) {
  const screen = SCREENS[mode];
  const { params, int, set } = useQueryState();
  const keyword = (params.get('keyword') ?? '').trim() || undefined;
  const [draft, setDraft] = useState(keyword ?? '');
  const [seenKeyword, setSeenKeyword] = useState(keyword);
  if (seenKeyword !== keyword) {
    setSeenKeyword(keyword);
    setDraft(keyword ?? '');
  }
  const tid = int('tid');
  const dur = presetIndex(params.get('dur'), screen.durations);
  const play = presetIndex(params.get('play'), VIDEO_PLAY_PRESETS);
  const like = presetIndex(params.get('like'), VIDEO_LIKE_PRESETS);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const rawSort = params.get('sort');
  const sort: VideoSearchSort = (VIDEO_SEARCH_SORTS as readonly string[]).includes(rawSort ?? '')
    ? (rawSort as VideoSearchSort)
    : 'time';
  const rawShape = params.get('shape');
  const shape: VideoShape | undefined =
    mode === 'short' && (VIDEO_SHAPES as readonly string[]).includes(rawShape ?? '')
      ? (rawShape as VideoShape)
      : undefined;
  const rawSponsored = params.get('sponsored');
  const sponsored: 0 | 1 | undefined = rawSponsored === '1' ? 1 : rawSponsored === '0' ? 0 : undefined;
  const pageNo = int('page') ?? 1;

  const [durationMin, durationMax] = presetBounds(screen.durations, dur);
  const [playMin, playMax] = presetBounds(VIDEO_PLAY_PRESETS, play);
  const [likeMin, likeMax] = presetBounds(VIDEO_LIKE_PRESETS, like);
  const query: VideoSearchQuery = {
    keyword,
    tid,
    durationMin,
    durationMax,
    playMin,
    playMax,
    likeMin,
    likeMax,
    pubFrom: DAY.test(from) ? from : undefined,
    pubTo: DAY.test(to) ? to : undefined,
    short: mode === 'short' ? 1 : undefined,
    shape,
    sponsored,
    sort,
  };
  const result = useSearchVideo(query, { pageNo, pageSize: VIDEO_LIBRARY_PAGE_SIZE });
  const data = result.data;
  const go = (patch: Record<string, string | number | undefined>) => set(screen.path, patch);

  const presetSelect = (label: string, presets: readonly Preset[], value: number | undefined, key: string) => (
    <Select<number>
      aria-label={label}
      className="list-select"
      placeholder={`${label}不限`}
      allowClear
      value={value}
      options={presets.map((p, i) => ({ value: i, label: p.label }))}
      onChange={(next: number | undefined) => go({ [key]: next })}
    />
  );
  const range: [Dayjs, Dayjs] | null = DAY.test(from) && DAY.test(to) ? [dayjs(from), dayjs(to)] : null;

  const filters = (
    <div className="video-library-filters">
      <Input.Search
        className="video-library-keyword"
        size="large"
        enterButton="搜索"
        allowClear
        aria-label="视频标题关键词"
        placeholder="输入视频标题关键词"
        maxLength={CONTENT_KEYWORD_MAX_LENGTH - 1}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={(value) => go({ keyword: value.trim() || undefined })}
      />
      <div className="list-controls">
        {mode === 'short' ? (
          <Segmented<VideoShape | 'all'>
            aria-label="画面方向"
            value={shape ?? 'all'}
            options={[
              { label: '全部', value: 'all' },
              ...VIDEO_SHAPES.map((s) => ({ label: VIDEO_SHAPE_LABELS[s], value: s })),
            ]}
            onChange={(next) => go({ shape: next === 'all' ? undefined : next })}
          />
        ) : null}
        <PartitionSelect value={tid} onChange={(next) => go({ tid: next })} />
        {presetSelect('时长', screen.durations, dur, 'dur')}
        {presetSelect('播放数', VIDEO_PLAY_PRESETS, play, 'play')}
        {presetSelect('点赞数', VIDEO_LIKE_PRESETS, like, 'like')}
        <DatePicker.RangePicker
          aria-label="发布时间"
          className="video-library-dates"
          placeholder={['发布开始日期', '发布结束日期']}
          value={range}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(dates) =>
            go({
              from: dates?.[0] ? dates[0].format('YYYY-MM-DD') : undefined,
              to: dates?.[1] ? dates[1].format('YYYY-MM-DD') : undefined,
            })
          }
        />
        <Select<0 | 1>
          aria-label="商单"
          className="list-select"
          placeholder="商单不限"
          allowClear
          value={sponsored}
          options={[
            { value: 1, label: '商单视频' },
            { value: 0, label: '非商单视频' },
          ]}
          onChange={(next: 0 | 1 | undefined) => go({ sponsored: next })}
        />
        <Select<VideoSearchSort>
          aria-label="排序"
          className="list-select"
          value={sort}
          options={VIDEO_SEARCH_SORTS.map((s) => ({ value: s, label: VIDEO_SEARCH_SORT_LABELS[s] }))}
          onChange={(next) => go({ sort: next })}
        />
      </div>
    </div>
  );

  const extra: TableColumnsType<VideoSearchItem> = [
    {
      key: 'shape',
      title: '画面',
      width: 64,
      align: 'center',
      responsive: ['md'],
      render: (_, v) =>
        v.isVertical === null ? (
          <Typography.Text type="secondary">未知</Typography.Text>
        ) : (
          <Tag color={v.isVertical === 1 ? 'magenta' : 'blue'}>{v.isVertical === 1 ? '竖屏' : '横屏'}</Tag>
        ),
    },
    { key: 'actions', title: '操作', width: 180, render: (_, v) => collectToggle(v) },
  ];

  const total = data?.total ?? 0;
  return (
    <ListScreen
      title={screen.title}
      intro={screen.intro}
      filters={filters}
      query={result}
      toolbar={
        <div className="video-library-toolbar">
          <Typography.Text type="secondary" data-testid="video-library-total">
            {data ? totalText(data.total, data.totalCapped, data.limited) : '正在查询…'}
          </Typography.Text>
          {exportButton({
            params: searchVideoParams(query),
            pageNo,
            pageSize: VIDEO_LIBRARY_PAGE_SIZE,
            total,
            exportName: keyword ? `${screen.title}_${keyword}` : screen.title,
          })}
        </div>
      }
    >
      {data?.limited ? limitBanner(FREE_VIDEO_ROWS) : null}
      <div className="video-library-results">
        <VideoTable<VideoSearchItem>
          compact
          videos={data?.videoInfos ?? []}
          loading={result.isPending || result.isPlaceholderData}
          ariaLabel={`${screen.title}结果`}
          empty={keyword ? `没有标题包含“${keyword}”且符合筛选条件的视频` : '没有符合筛选条件的视频，试试放宽条件'}
          extraColumns={extra}
          pagination={
            data?.limited
              ? false
              : { current: pageNo, pageSize: VIDEO_LIBRARY_PAGE_SIZE, total, onChange: (page) => go({ page }) }
          }
        />
      </div>
    </ListScreen>
  );
}
