import { PRESET_AVATAR_COUNT, PRESET_COVER_COUNT } from '@xg/shared';

/**
 * The preset avatars and covers of the account centre, drawn as small SVGs (no upload and no image files to
 * ship): an avatar is a coloured disc with a head-and-shoulders figure, a cover a soft two-colour gradient
 * with a few circles. Fixed markup, no user text, no script.
 */
const AVATAR_COLOURS = ['#ff7a45', '#36cfc9', '#597ef7', '#9254de', '#f759ab', '#73d13d', '#ffc53d', '#40a9ff'];
const COVER_GRADIENTS: readonly (readonly [string, string])[] = [
  ['#ff9a8b', '#ff6a88'],
  ['#a1c4fd', '#c2e9fb'],
  ['#84fab0', '#8fd3f4'],
  ['#fbc2eb', '#a6c1ee'],
];

export function presetAvatarSvg(n: number): string | null {
  if (!Number.isInteger(n) || n < 1 || n > PRESET_AVATAR_COUNT) return null;
  const colour = AVATAR_COLOURS[(n - 1) % AVATAR_COLOURS.length] ?? '#597ef7';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="48" fill="${colour}"/>` +
    `<circle cx="48" cy="38" r="17" fill="#fff" fill-opacity="0.92"/>` +
    `<path d="M18 84c4-17 16-26 30-26s26 9 30 26" fill="#fff" fill-opacity="0.92"/>` +
    `</svg>`
  );
}

export function presetCoverSvg(n: number): string | null {
  if (!Number.isInteger(n) || n < 1 || n > PRESET_COVER_COUNT) return null;
  const [from, to] = COVER_GRADIENTS[(n - 1) % COVER_GRADIENTS.length] ?? ['#a1c4fd', '#c2e9fb'];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="240" viewBox="0 0 1200 240">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="1200" height="240" fill="url(#g)"/>` +
    `<circle cx="${180 + n * 120}" cy="60" r="90" fill="#fff" fill-opacity="0.12"/>` +
    `<circle cx="${980 - n * 60}" cy="200" r="130" fill="#fff" fill-opacity="0.10"/>` +
    `</svg>`
  );
}
