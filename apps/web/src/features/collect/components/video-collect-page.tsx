import { Empty, Select, Space, Tabs } from 'antd';
import { LinkType, formatCount, type LinkVideoItem, type MyLinkVideoParams } from '@xg/shared';
import { KeywordSearch } from '../../../components/keyword-search';
import { ConfirmRemove } from '../../../components/confirm-remove';
import { usePagedParams } from '../../../components/list-filters';
import { ListScreen } from '../../../components/list-screen';
import { VideoTable } from '../../../components/ranked-list';
import { AddedBy } from '../../../components/lists/added-by';
import { useMyLinkVideo } from '../api/get-my-link-video';
import { LIST_QUERY_ROOT, toggleLinkVideo } from '../api/link-kol';
import { useListChange } from '../hooks/use-list-refusal';
import { ExportButton } from '../../export/components/export-button';
import { MonitorAction } from './monitor-action';
import '../collect.css';

const PAGE_SIZE = 20;
const SORTS: { value: MyLinkVideoParams['sort']; label: string }[] = [
  { value: 'addTime', label: '最近添加' },
  { value: 'play', label: '播放数' },
  { value: 'publishTime', label: '发布时间' },
];

function readSort(value: string | null): MyLinkVideoParams['sort'] {
  return SORTS.find((s) => s.value === value)?.value ?? 'addTime';
}

/**
 * videoCollect (§2.5 component key): the team's saved videos (收藏 type 1, 投放清单 type 4) with their live
 * numbers and the plays gained since they were saved; search, sorting, pages, removal with confirmation.
 */
export function VideoCollectPage() {
  const { params, pageNo, update, setPage } = usePagedParams();
  const type = params.get('type') === '4' ? LinkType.PUT : LinkType.COLLECT;
  const sort = readSort(params.get('sort'));
  const keyword = params.get('keyword') ?? '';
  const { change, refusalHolder } = useListChange(LIST_QUERY_ROOT, 'video-collect');
  const query = useMyLinkVideo({ type, pageNo, pageSize: PAGE_SIZE, sort, keyword });
  const data = query.data;

  const handleRemove = (video: LinkVideoItem) => change(() => toggleLinkVideo(video.videoId, type, true));

  return (
    <ListScreen
      title="视频收藏"
      intro="收藏的视频由主账号和子账号共享，数据随采集实时更新。"
      query={query}
      filters={
        <div className="collect-filters">
          <Tabs
            activeKey={String(type)}
            onChange={(key) => update({ type: key === '4' ? '4' : undefined })}
            items={[
              { key: '1', label: '收藏视频' },
              { key: '4', label: '投放清单' },
            ]}
          />
          <Space wrap size={[12, 8]}>
            <Select
              aria-label="排序"
              style={{ width: 140 }}
              value={sort}
              onChange={(value: MyLinkVideoParams['sort']) => update({ sort: value === 'addTime' ? undefined : value })}
              options={SORTS}
            />
            <KeywordSearch
              label="搜索收藏的视频"
              placeholder="视频标题、UP主或BV号"
              maxLength={20}
              style={{ width: 240 }}
              initial={keyword}
              onSearch={(value) => update({ keyword: value })}
            />
          </Space>
        </div>
      }
      after={refusalHolder}
    >
      <div className="list-head">
        {data ? (
          <span className="collect-usage">
            已添加 <strong>{data.count}</strong> / {data.limit}
          </span>
        ) : null}
        <ExportButton
          list="myLinkVideo"
          params={{ type, sort, keyword: keyword || undefined }}
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          total={data?.total ?? 0}
          exportName={type === LinkType.PUT ? '投放清单视频' : '收藏视频'}
        />
      </div>
      <VideoTable<LinkVideoItem>
        videos={data?.linkVideos ?? []}
        loading={query.isPending || query.isFetching}
        ariaLabel="收藏的视频"
        empty={
          <Empty
            description={
              keyword ? '没有符合条件的视频' : '还没有收藏视频，在视频详情中点击「收藏」或「投放清单」即可加入'
            }
          />
        }
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
        }}
        extraColumns={[
          {
            key: 'since',
            title: '添加后播放',
            width: 110,
            align: 'right',
            responsive: ['sm'],
            render: (_, video) => `${video.playSinceAdd > 0 ? '+' : ''}${formatCount(video.playSinceAdd)}`,
          },
          {
            key: 'added',
            title: '添加',
            width: 130,
            responsive: ['xl'],
            render: (_, video) => <AddedBy className="collect-added" who={video.addedBy} at={video.addTime} />,
          },
          {
            key: 'remove',
            title: '操作',
            width: type === LinkType.PUT ? 100 : 80,
            render: (_, video) => (
              <Space size={0} wrap>
                {type === LinkType.PUT ? (
                  <MonitorAction subject={{ kind: 'video', videoId: video.videoId, title: video.title }} />
                ) : null}
                <ConfirmRemove
                  title={type === LinkType.PUT ? '确定将该视频移出投放清单吗？' : '确定取消收藏该视频吗？'}
                  label={`移除${video.title}`}
                  text="移除"
                  onConfirm={() => void handleRemove(video)}
                />
              </Space>
            ),
          },
        ]}
      />
    </ListScreen>
  );
}
