import type { NewsItem } from '@xg/shared';
import { count, object, string, text, type Decoder } from '../../../lib/decode';

export const newsItemDecoder: Decoder<NewsItem> = object<NewsItem>({
  id: count,
  title: text,
  summary: text,
  category: text,
  coverUrl: text,
  publishTime: string,
  views: count,
});
