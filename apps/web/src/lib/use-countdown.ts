import { useCallback, useEffect, useState } from 'react';

/** A seconds countdown (the SMS buttons' 60 s cooldown, §4; sign-in panels and the account centre). */
export function useCountdown(seconds: number) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  const reset = useCallback(() => setLeft(0), []);
  return { left, running: left > 0, start, reset };
}
