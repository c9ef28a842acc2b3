// The video-library filter that filters nothing, where the tests and bench/video-search.mjs have imported it.
export { NO_VIDEO_FILTER } from '../video-library.repository.js';
