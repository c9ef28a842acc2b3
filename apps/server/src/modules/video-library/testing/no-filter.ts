import type { VideoFilter } from '../video-library.repository.js';

/**
 * The video-library filter that filters nothing (every visible video): the base the tests and bench/video-search.mjs
 * spread their cases over.
 */
export const NO_VIDEO_FILTER: Readonly<VideoFilter> = {
  keyword: null,
  tids: null,
  durationMin: null,
  durationMax: null,
  playMin: null,
  playMax: null,
  likeMin: null,
  likeMax: null,
  pubFrom: null,
  pubTo: null,
  short: false,
  shape: null,
  sponsored: null,
};
