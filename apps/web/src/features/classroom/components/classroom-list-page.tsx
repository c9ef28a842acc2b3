import { useSearchParams } from 'react-router-dom';
import { Input, Pagination, Segmented, Skeleton } from 'antd';
import { QueryFailed } from '../../../components/query-failed';
import { useSiteConfig } from '../../../lib/site-config';
import { useNewsList } from '../api/get-news-list';
import { NewsCard } from './news-card';
import '../classroom.css';

const PAGE_SIZE = 10;
const ALL = '全部';

/** /classroom/list (§2.1, §2.8): the published content reports with categories, search and pagination. */
export function ClassroomListPage() {
  const [params, setParams] = useSearchParams();
  const { data: site } = useSiteConfig();
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const category = params.get('category') ?? '';
  const keyword = params.get('keyword') ?? '';
  const query = useNewsList({ pageNo, pageSize: PAGE_SIZE, category, keyword });
  const update = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    setParams(merged);
  };
  const shortName = site?.productShortName || site?.productName || '';

  return (
    <div className="classroom">
      <section className="page-hero">
        <h1>{shortName}课堂 · 内容报告</h1>
        <p>B站营销干货、行业报告与平台使用指南</p>
        <Input.Search
          className="classroom-search"
          placeholder="搜索报告标题或摘要"
          allowClear
          enterButton="搜索"
          defaultValue={keyword}
          maxLength={50}
          onSearch={(value) => update({ keyword: value.trim(), pageNo: '' })}
        />
      </section>
      <div className="classroom-body">
        <Segmented
          className="classroom-categories"
          value={category || ALL}
          options={[ALL, ...(query.data?.categories ?? [])]}
          onChange={(value) => update({ category: value === ALL ? '' : String(value), pageNo: '' })}
        />
        {query.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : query.isError ? (
          <QueryFailed title="内容报告加载失败" error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.list.length === 0 ? (
          <div className="classroom-empty">{keyword ? `没有找到与“${keyword}”相关的报告` : '暂无内容报告'}</div>
        ) : (
          <>
            <div className="news-list">
              {query.data.list.map((item) => (
                <NewsCard key={item.id} item={item} />
              ))}
            </div>
            <Pagination
              className="classroom-pagination"
              current={pageNo}
              pageSize={PAGE_SIZE}
              total={query.data.total}
              showSizeChanger={false}
              hideOnSinglePage
              onChange={(page) => {
                update({ pageNo: page > 1 ? String(page) : '' });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}
