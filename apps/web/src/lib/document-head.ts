/**
 * iPhone WeChat keeps the old title after a history change; loading a hidden icon and removing it forces a
 * refresh (§2.5).
 */
function isIphoneWeChat(): boolean {
  const ua = navigator.userAgent;
  return /iphone/i.test(ua) && /micromessenger/i.test(ua);
}

export function setDocumentTitle(title: string): void {
  if (document.title === title) return;
  document.title = title;
  if (!isIphoneWeChat()) return;
  const frame = document.createElement('iframe');
  frame.src = '/favicon.ico';
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:absolute;width:1px;height:1px;border:0;opacity:0;pointer-events:none';
  const remove = (): void => {
    window.setTimeout(() => frame.remove(), 0);
  };
  frame.addEventListener('load', remove, { once: true });
  frame.addEventListener('error', remove, { once: true });
  document.body.appendChild(frame);
}

/** Referrer policy meta (§2.5): `always` on /, /index, /index2 and /customPage, otherwise `never`. */
export function setReferrerMeta(policy: 'always' | 'never'): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="referrer"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'referrer';
    document.head.appendChild(meta);
  }
  // The spec's legacy keywords; browsers map them to unsafe-url / no-referrer.
  meta.content = policy;
}
