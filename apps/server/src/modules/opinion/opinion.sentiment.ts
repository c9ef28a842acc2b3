import type { Scorer } from './opinion.scoring.js';

/** The sentiment model of modules/sentiment (wired once that module lands on main). */
export function opinionScorer(): Scorer {
  return {
    version: 'none',
    scoreMany: () => {
      throw new Error('modules/sentiment is not merged yet');
    },
  };
}
