import type { TableColumnsType } from 'antd';
import type { RecommendVideoItem } from '@xg/shared';
import { useRecommendVideo } from '../api/get-recommend-video';
import { ListScreen } from '../../../components/list-screen';
import { ListFilters, useQueryState } from '../../../components/list-filters';
import { ScoreText } from '../../../components/ranked-list';
import { HOT_PAGE_SIZE, fractionPercent } from './hot-common';
import { HotVideoTable } from './hot-video-table';
import '../hot.css';

const PATH = '/hotStuff/recommendVideo';

const EXTRA: TableColumnsType<RecommendVideoItem> = [
  {
    key: 'rate',
    title: '互动率',
    width: 96,
    align: 'right',
    render: (_, video) => <ScoreText>{fractionPercent(video.interactRate)}</ScoreText>,
  },
];

/** /hotStuff/recommendVideo (component recommend-video): recent videos with high engagement. */
export function RecommendVideoPage() {
  const { int } = useQueryState();
  const tid = int('tid');
  const pageNo = int('page') ?? 1;
  const query = useRecommendVideo(tid, pageNo, HOT_PAGE_SIZE);
  return (
    <ListScreen
      title="推荐视频"
      intro="近期互动率（点赞、投币、收藏、分享、评论、弹幕之和与播放之比）高的视频，适合寻找内容灵感与优质UP主。"
      filters={<ListFilters path={PATH} tid={tid} />}
      query={query}
    >
      <HotVideoTable<RecommendVideoItem>
        query={query}
        path={PATH}
        ariaLabel="推荐视频列表"
        extraColumns={EXTRA}
        empty="暂无推荐视频"
      />
    </ListScreen>
  );
}
