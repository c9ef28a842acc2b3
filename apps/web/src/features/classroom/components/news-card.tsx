import { EyeOutlined } from '@ant-design/icons';
import type { NewsItem } from '@xg/shared';
import dayjs from '../../../lib/dayjs';
import { useAppHref, useAppNavigate } from '../../../lib/use-app-navigate';

export function newsDate(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD');
}

/** One report of the list: cover (or its category as a block), title, summary, date and views. */
export function NewsCard({ item }: { item: NewsItem }) {
  const navigate = useAppNavigate();
  const hrefOf = useAppHref();
  const to = { pathname: '/classroom/detail', search: `?id=${item.id}` };
  return (
    <a
      className="news-card"
      href={hrefOf(to)}
      onClick={(e) => {
        e.preventDefault();
        navigate(to);
      }}
    >
      <div className="news-card-cover" aria-hidden>
        {item.coverUrl ? <img src={item.coverUrl} alt="" loading="lazy" /> : <span>{item.category}</span>}
      </div>
      <div className="news-card-body">
        <h3>{item.title}</h3>
        <p>{item.summary}</p>
        <div className="news-card-meta">
          <span className="news-card-tag">{item.category}</span>
          <span>{newsDate(item.publishTime)}</span>
          <span>
            <EyeOutlined aria-label="阅读" /> {item.views}
          </span>
        </div>
      </div>
    </a>
  );
}
