import type { TableColumnsType } from 'antd';
import type { HotVideoItem } from '@xg/shared';
import { useHotVideo, type HotVideoDays } from '../api/get-hot-video';
import { ListScreen } from '../../../components/list-screen';
import { ListFilters, useQueryState } from '../../../components/list-filters';
import { ScoreText, formatScore } from '../../../components/ranked-list';
import { HOT_PAGE_SIZE } from './hot-common';
import { HotVideoTable } from './hot-video-table';
import { ExportButton } from '../../export/components/export-button';
import '../hot.css';

const PATH = '/hotStuff/hotVideo';
const DAY_OPTIONS: { label: string; value: HotVideoDays }[] = [
  { label: '近24小时', value: 1 },
  { label: '近3天', value: 3 },
  { label: '近7天', value: 7 },
];

const EXTRA: TableColumnsType<HotVideoItem> = [
  {
    key: 'hot',
    title: '热度',
    width: 90,
    align: 'right',
    render: (_, video) => <ScoreText>{formatScore(video.hotScore)}</ScoreText>,
  },
];

/** /hotStuff/hotVideo (component hotVideo): videos published in the last 1/3/7 days by hot score. */
export function HotVideoPage() {
  const { params, int } = useQueryState();
  const rawDays = Number(params.get('days'));
  const days: HotVideoDays = rawDays === 1 || rawDays === 7 ? rawDays : 3;
  const tid = int('tid');
  const pageNo = int('page') ?? 1;
  const query = useHotVideo({ tid, days, pageNo, pageSize: HOT_PAGE_SIZE });

  return (
    <ListScreen
      title="热门视频"
      intro="近期发布视频按热度排序：热度综合播放、互动与发布时长计算（见指标说明），每日更新。"
      filters={
        <ListFilters<HotVideoDays>
          path={PATH}
          window={{ label: '发布时间', options: DAY_OPTIONS, value: days }}
          tid={tid}
        />
      }
      query={query}
      toolbar={
        <ExportButton
          list="moldbabyVideo"
          params={{ tid, days }}
          pageNo={pageNo}
          pageSize={HOT_PAGE_SIZE}
          total={query.data?.total ?? 0}
          exportName="热门视频"
        />
      }
    >
      <HotVideoTable<HotVideoItem>
        query={query}
        path={PATH}
        ariaLabel="热门视频列表"
        rankOf={(video) => video.rank}
        extraColumns={EXTRA}
        empty="该时间段暂无热门视频"
      />
    </ListScreen>
  );
}
