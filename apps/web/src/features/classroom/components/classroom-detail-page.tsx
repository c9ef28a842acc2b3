import { useSearchParams } from 'react-router-dom';
import { Breadcrumb, Skeleton } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { QueryFailed } from '../../../components/query-failed';
import { isApiError } from '../../../lib/api-client';
import { useAppHref } from '../../../lib/use-app-navigate';
import { useNewsDetail } from '../api/get-news-detail';
import { MarkdownView } from '../../../components/markdown-view';
import { NewsCard, newsDate } from './news-card';
import '../classroom.css';

/** /classroom/detail?id= (§2.1, §2.8): a report's rich content, images and related reports. */
export function ClassroomDetailPage() {
  const [params] = useSearchParams();
  const hrefOf = useAppHref();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const query = useNewsDetail(id);
  const missing = id === null || (query.isError && isApiError(query.error) && query.error.kind === 'envelope');

  return (
    <div className="classroom classroom-detail">
      <div className="classroom-body">
        <Breadcrumb
          items={[
            { title: <a href={hrefOf('/classroom/list')}>内容报告</a> },
            { title: query.data?.detail.title ?? '报告详情' },
          ]}
        />
        {missing ? (
          <div className="classroom-empty">
            内容报告不存在或尚未发布，<a href={hrefOf('/classroom/list')}>返回报告列表</a>
          </div>
        ) : query.isPending ? (
          <Skeleton active paragraph={{ rows: 12 }} />
        ) : query.isError ? (
          <QueryFailed title="内容报告加载失败" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <div className="news-detail-layout">
            <article className="news-article">
              <h1>{query.data.detail.title}</h1>
              <div className="news-card-meta">
                <span className="news-card-tag">{query.data.detail.category}</span>
                <span>{newsDate(query.data.detail.publishTime)}</span>
                <span>
                  <EyeOutlined aria-label="阅读" /> {query.data.detail.views}
                </span>
              </div>
              {query.data.detail.summary ? <p className="news-article-summary">{query.data.detail.summary}</p> : null}
              <MarkdownView source={query.data.detail.bodyMd} />
            </article>
            <aside className="news-related" aria-label="相关报告">
              <h2>相关报告</h2>
              {query.data.related.length === 0 ? (
                <p className="classroom-empty">暂无相关报告</p>
              ) : (
                query.data.related.map((item) => <NewsCard key={item.id} item={item} />)
              )}
            </aside>
          </div>
        )}
      </div>
    </div>
  );
}
