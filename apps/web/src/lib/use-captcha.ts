import { useCallback, useState } from 'react';
import { apiUrl } from './env';

function nonce(): string {
  return Math.random().toString(36).slice(2);
}

/**
 * The image captcha (GET /api/valicode.jpg?t=<random>). The server binds it to this browser with an
 * httpOnly cookie, which the api client sends back (credentials same-origin).
 */
export function useCaptcha() {
  const [key, setKey] = useState(nonce);
  const refresh = useCallback(() => setKey(nonce()), []);
  return { src: apiUrl(`/api/valicode.jpg?t=${key}`), refresh };
}
