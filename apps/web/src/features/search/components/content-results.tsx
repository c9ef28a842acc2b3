import { Empty, Segmented, Tag, Typography } from 'antd';
import dayjs from '../../../lib/dayjs';
import { encodeKeyword, formatCount, safeExportName, truncateTitle, type ThemeInfo, type VideoItem } from '@xg/shared';
import { useAppHref } from '../../../lib/use-app-navigate';
import { useSearchContent, type ContentSort } from '../api/search-content';
import { SEARCH_PAGE_SIZE } from '../api/search-kol';
import {
  CREATOR_DETAIL_PATH,
  VIDEO_DETAIL_PATH,
  creatorDetailSearch,
  videoDetailSearch,
} from '../../../components/detail-links';
import { VideoCover } from '../../../components/video-cover';
import { ExportButton } from '../../export/components/export-button';
import { PartitionPicker, ResultsCard, ResultsPager } from './results-card';

const SORT_OPTIONS: { label: string; value: ContentSort }[] = [
  { label: '播放最多', value: 'play' },
  { label: '最新发布', value: 'time' },
];

interface ContentResultsProps {
  keyword: string;
  sort: ContentSort;
  tid: number | undefined;
  pageNo: number;
  themes: readonly ThemeInfo[];
  onChange: (patch: { sort?: ContentSort; tid?: number | undefined; pageNo?: number }) => void;
}

/** 内容搜索: videos whose title contains the keyword (GET /api/searchContent), by plays or by time. */
export function ContentResults({ keyword, sort, tid, pageNo, themes, onChange }: ContentResultsProps) {
  const query = useSearchContent({ keyword, sort, tid, pageNo, pageSize: SEARCH_PAGE_SIZE }, keyword !== '');
  const toolbar = (
    <div className="search-toolbar">
      <Segmented<ContentSort>
        aria-label="排序方式"
        options={SORT_OPTIONS}
        value={sort}
        onChange={(value) => onChange({ sort: value, pageNo: 1 })}
      />
      <PartitionPicker
        label="视频分区"
        themes={themes}
        value={tid}
        onChange={(value) => onChange({ tid: value, pageNo: 1 })}
      />
    </div>
  );
  return (
    <ResultsCard toolbar={toolbar} query={query} placeholder="block" failedTitle="搜索失败">
      {({ videoInfos, total }) =>
        videoInfos.length === 0 ? (
          <Empty description={`没有找到标题包含“${keyword}”的视频`} />
        ) : (
          <>
            <div className="list-head">
              <Typography.Paragraph type="secondary" className="search-count">
                找到 <Typography.Text type="danger">{total}</Typography.Text> 个标题包含“{keyword}”的视频
              </Typography.Paragraph>
              <ExportButton
                list="searchContent"
                params={{ keyword: encodeKeyword(keyword), sort, tid }}
                pageNo={pageNo}
                pageSize={SEARCH_PAGE_SIZE}
                total={total}
                exportName={safeExportName(`内容搜索_${keyword}`)}
              />
            </div>
            <div className="search-video-grid" role="list" aria-label="视频搜索结果">
              {videoInfos.map((video) => (
                <div role="listitem" key={video.videoId}>
                  <VideoResult video={video} />
                </div>
              ))}
            </div>
            <ResultsPager
              pageNo={pageNo}
              total={total}
              showTotal={(_all, paged) => `共 ${paged} 条`}
              onPage={(page) => onChange({ pageNo: page })}
            />
          </>
        )
      }
    </ResultsCard>
  );
}

function VideoResult({ video }: { video: VideoItem }) {
  const hrefOf = useAppHref();
  const detailHref = hrefOf({ pathname: VIDEO_DETAIL_PATH, search: videoDetailSearch(video.videoId) });
  const creatorHref = hrefOf({
    pathname: CREATOR_DETAIL_PATH,
    search: creatorDetailSearch(video.kolId, video.kolName),
  });
  return (
    <article className="search-video">
      <a href={detailHref} target="_blank" rel="noopener noreferrer" aria-label={`查看视频详情：${video.title}`}>
        <VideoCover src={video.coverImg} alt={video.title} duration={video.playDuration} size="medium" />
      </a>
      <div className="search-video-body">
        <a
          className="search-video-title"
          href={detailHref}
          target="_blank"
          rel="noopener noreferrer"
          title={video.title}
        >
          {truncateTitle(video.title, 60)}
        </a>
        <div className="search-video-meta">
          <a href={creatorHref} target="_blank" rel="noopener noreferrer">
            {video.kolName}
          </a>
          <span>{dayjs(video.publishTime).format('YYYY-MM-DD')}</span>
          {video.themeName ? <Tag style={{ marginInlineEnd: 0 }}>{video.themeName}</Tag> : null}
          {video.isReprint === 1 ? <Tag color="orange">转载</Tag> : null}
        </div>
        <div className="search-video-stats">
          <span>播放 {formatCount(video.playNum)}</span>
          <span>点赞 {formatCount(video.praiseNum)}</span>
          <span>投币 {formatCount(video.castCurrencyNum)}</span>
          <span>评论 {formatCount(video.commentNum)}</span>
        </div>
      </div>
    </article>
  );
}
