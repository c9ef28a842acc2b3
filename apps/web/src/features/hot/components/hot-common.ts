/**
 * What only the hot-content screens share; the list rows, filters and URL query of every ranked list are in
 * components/ranked-list and components/list-filters.
 */

/** Routes of the hot-content screens (docs/api/discovery.md "Menu rows"). */
export const TOPIC_DETAIL_PATH = '/hotStuff/topicDetail';
export const SEARCH_PATH = '/search/upSearch';

export const HOT_PAGE_SIZE = 20;

/** A share given as a fraction (0.1234) with a % sign: 12.34%. */
export function fractionPercent(value: number): string {
  return `${(value * 100).toFixed(2)}%`;
}
