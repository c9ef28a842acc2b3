/*
 * The keyword rule of the creator search, without zod: the landing page checks it before it loads anything
 * else (its bundle carries no schema library).
 */

/** Creator name search runs only for text shorter than this (§5). */
export const NAME_SEARCH_MAX_LENGTH = 20;

/** Name search applies only under 20 characters; a numeric keyword is also tried as a UID. */
export function nameSearchAllowed(keyword: string): boolean {
  const length = Array.from(keyword.trim()).length;
  return length > 0 && length < NAME_SEARCH_MAX_LENGTH;
}
